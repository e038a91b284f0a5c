#include "studio/lab/inference.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace zetema::lab {

namespace {

// sum((x - mean)^2) from exact sums, as metrics.cpp computes it.
long double deviations(const Moments& m) {
  if (m.n == 0) return 0;
  const auto n = static_cast<Int128>(m.n);
  const Int128 q = m.sum / n, r = m.sum % n;
  return std::max(0.0L, static_cast<long double>(m.squares - q * (m.sum + r)) -
                            static_cast<long double>(r * r) / static_cast<long double>(m.n));
}

}  // namespace

MeanSd mean_sd(const Moments& m, int64_t units) {
  MeanSd s;
  s.n = m.n;
  if (m.n == 0) return s;
  s.mean = static_cast<double>(m.sum) / static_cast<double>(units) / static_cast<double>(m.n);
  if (m.n > 1) {
    s.sd = std::sqrt(static_cast<double>(deviations(m) / static_cast<long double>(m.n - 1))) /
           static_cast<double>(units);
  }
  return s;
}

double cs_half_width(double sd, uint64_t n, double r, double alpha) {
  if (n == 0) return INFINITY;
  const double t = static_cast<double>(n);
  return sd * std::sqrt((t + r) * std::log((t + r) / (r * alpha * alpha))) / t;
}

double tuned_r(double n_star, double alpha) {
  // Waudby-Smith et al.'s rho^2 = (-2 log a + log(1 - 2 log a)) / n*, as r = 1 / rho^2.
  const double l = -2 * std::log(alpha);
  return std::max(1.0, n_star / (l + std::log(1 + l)));
}

double Sprt::llr(const MeanSd& s) const {
  if (s.n < 2) return 0;
  const double n = static_cast<double>(s.n);
  const double evidence = (theta1 - theta0) * (s.mean * n - n * (theta0 + theta1) / 2);
  // No spread at all (the same rules under A and B): the likelihood ratio is
  // infinite, for the hypothesis nearer the constant.
  if (s.sd <= 0) return evidence > 0 ? INFINITY : evidence < 0 ? -INFINITY : 0;
  return evidence / (s.sd * s.sd);
}
double Sprt::lower() const {
  return std::log(beta / (1 - alpha));
}
double Sprt::upper() const {
  return std::log((1 - beta) / alpha);
}

SprtVerdict Sprt::verdict(const MeanSd& s) const {
  const double l = llr(s);
  if (l >= upper()) return SprtVerdict::AcceptH1;
  if (l <= lower()) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

double p_value(double mean, double se) {
  if (se <= 0) return mean == 0 ? 1.0 : 0.0;
  return std::erfc(std::fabs(mean / se) / std::sqrt(2.0));
}

std::vector<bool> holm_rejects(const std::vector<double>& p, double alpha) {
  std::vector<size_t> order(p.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return p[i] < p[j]; });
  std::vector<bool> out(p.size(), false);
  const double m = static_cast<double>(p.size());
  for (size_t k = 0; k < order.size(); ++k) {
    if (p[order[k]] > alpha / (m - static_cast<double>(k))) break;  // stop at the first kept
    out[order[k]] = true;
  }
  return out;
}

Adjusted control_variate(const ControlSums& s, int64_t y_units, int64_t x_units) {
  Adjusted a;
  a.n = s.y.n;
  if (a.n < 3) return a;
  const long double n = static_cast<long double>(a.n);
  const long double yu = static_cast<long double>(y_units), xu = static_cast<long double>(x_units);
  const long double syy = deviations(s.y) / (yu * yu), sxx = deviations(s.x) / (xu * xu);
  const long double sxy =
      (static_cast<long double>(s.xy) -
       static_cast<long double>(s.y.sum) * static_cast<long double>(s.x.sum) / n) /
      (yu * xu);
  const long double ybar = static_cast<long double>(s.y.sum) / yu / n;
  const long double xbar = static_cast<long double>(s.x.sum) / xu / n;
  a.mean = static_cast<double>(ybar);
  a.se = static_cast<double>(std::sqrt(syy / (n - 1) / n));
  const long double beta = sxx > 0 ? sxy / sxx : 0;
  a.beta = static_cast<double>(beta);
  a.adj_mean = static_cast<double>(ybar - beta * xbar);  // E[x] = 0: x's mean is pure noise
  const long double residual = std::max(0.0L, syy - beta * sxy);
  a.adj_se = static_cast<double>(std::sqrt(residual / (n - 2) / n));
  return a;
}

}  // namespace zetema::lab
