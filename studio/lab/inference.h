// Inference for the lab beyond fixed-n intervals (issue 15): an anytime-valid
// confidence sequence for sequential stopping, a sequential probability
// ratio test, Holm's multiple-comparison correction and a control-variate
// (luck-adjusted) mean. Pure functions of running sums: unit-testable
// against simulated truths (tests/lab/inference_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "studio/lab/tally.h"

namespace zetema::lab {

// Mean and sample standard deviation of sums counted in `units` per 1.
struct MeanSd {
  double mean = 0, sd = 0;
  uint64_t n = 0;
};
MeanSd mean_sd(const Moments& m, int64_t units = 1);

// The half-width at n observations of the two-sided normal-mixture
// confidence sequence (Howard, Ramdas, McAuliffe & Sekhon 2021, eq. (14);
// with the variance estimated, the asymptotic confidence sequence of
// Waudby-Smith, Arnold, Wu, Howard & Ramdas 2024, Thm 2.2):
//   sd * sqrt((n + r) log((n + r) / (r alpha^2))) / n,
// which covers the mean at every n at once with probability >= 1 - alpha,
// so stopping whenever it is narrow enough keeps the coverage. `r` (in
// observations) sets where it is tightest: tuned_r(n_star) is best near n_star.
double cs_half_width(double sd, uint64_t n, double r, double alpha = 0.05);
double tuned_r(double n_star, double alpha = 0.05);

// Wald's sequential probability ratio test of mean theta0 against theta1,
// with the normal likelihood and the variance estimated as it goes (the
// generalised SPRT fishtest uses): the log-likelihood ratio
//   (theta1 - theta0) (sum - n (theta0 + theta1) / 2) / sd^2
// against Wald's bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha).
enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
struct Sprt {
  double theta0 = 0, theta1 = 0, alpha = 0.05, beta = 0.05;
  double llr(const MeanSd& s) const;
  SprtVerdict verdict(const MeanSd& s) const;
  double lower() const;  // accept H0 at or below
  double upper() const;  // accept H1 at or above
};

// Two-sided normal p-value of a mean with standard error `se` against 0.
double p_value(double mean, double se);
// Holm's step-down correction (Holm 1979): which hypotheses are rejected at
// family-wise error `alpha`.
std::vector<bool> holm_rejects(const std::vector<double>& p, double alpha = 0.05);

// The mean of y with and without the control variate: y - beta x with beta
// the least-squares slope (beta = cov(x, y) / var(x)); as E[x] = 0 the
// adjusted mean estimates E[y] (bias O(1/n) from estimating beta) with the
// residual variance, var(y) (1 - corr(x, y)^2).
struct Adjusted {
  double mean = 0, se = 0;          // plain
  double adj_mean = 0, adj_se = 0;  // with the control variate
  double beta = 0;
  uint64_t n = 0;
};
Adjusted control_variate(const ControlSums& s, int64_t y_units = 1, int64_t x_units = 1);

}  // namespace zetema::lab
