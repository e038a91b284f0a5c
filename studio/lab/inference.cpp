#include "studio/lab/inference.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace zetema::lab {

namespace {

// n * sum((x - mean)^2) = n * squares - sum^2, exact in 128-bit integers
// (no precision lost before the one conversion to double; long double is
// avoided: its width differs between machines and under valgrind).
Int128 n_deviations(const Moments& m) {
  return static_cast<Int128>(m.n) * m.squares - m.sum * m.sum;
}
// The same for the cross product of y and x.
Int128 n_codeviations(const ControlSums& s) {
  return static_cast<Int128>(s.y.n) * s.xy - s.y.sum * s.x.sum;
}
double deviations(const Moments& m) {
  if (m.n == 0) return 0;
  return std::max(0.0, static_cast<double>(n_deviations(m)) / static_cast<double>(m.n));
}

}  // namespace

MeanSd mean_sd(const Moments& m, int64_t units) {
  MeanSd s;
  s.n = m.n;
  if (m.n == 0) return s;
  s.mean = static_cast<double>(m.sum) / static_cast<double>(units) / static_cast<double>(m.n);
  if (m.n > 1) {
    s.sd = std::sqrt(deviations(m) / static_cast<double>(m.n - 1)) / static_cast<double>(units);
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
  const double n = static_cast<double>(a.n);
  const double yu = static_cast<double>(y_units), xu = static_cast<double>(x_units);
  // Each n * sum of (co)deviations is exact; scaled to units only here.
  const double nsyy = static_cast<double>(n_deviations(s.y)) / (yu * yu);
  const double nsxx = static_cast<double>(n_deviations(s.x)) / (xu * xu);
  const double nsxy = static_cast<double>(n_codeviations(s)) / (yu * xu);
  const double ybar = static_cast<double>(s.y.sum) / yu / n;
  const double xbar = static_cast<double>(s.x.sum) / xu / n;
  a.mean = ybar;
  a.se = std::sqrt(std::max(0.0, nsyy) / n / (n - 1) / n);
  const double beta = nsxx > 0 ? nsxy / nsxx : 0;
  a.beta = beta;
  a.adj_mean = ybar - beta * xbar;  // E[x] = 0: x's mean is pure noise
  const double residual = std::max(0.0, (nsyy - beta * nsxy) / n);
  a.adj_se = std::sqrt(residual / (n - 2) / n);
  return a;
}

}  // namespace zetema::lab
