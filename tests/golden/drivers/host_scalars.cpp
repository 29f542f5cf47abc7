// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case host_scalars (see driver_support.h).
// Exercises sample_grid: host scalars of several types used in loop bodies and as bounds
// (unsigned count, first = kHalo, last = n - kHalo).
// The derivative is a finite difference of a smooth curve: it magnifies last-bit differences
// of sinf between builds by 1/(omega h), and every sum of it with slowly varying weights
// (print_summary's) telescopes to a small difference of large values. So the derivative is
// summarised by sums of non-negative terms only, and n is kept modest.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <cmath>

int main() {
  using namespace qd_driver;
  const int n = 1001;
  Mirrored<float> values(n);
  // The kernel leaves derivative[0] and derivative[n-1] alone.
  Mirrored<float> derivative(n, [](std::size_t) { return 5.0; });
  sample_grid(values.device(), derivative.device(), n, -0.5f, 1.5f, 3.0f);
  print_summary("values", values);
  derivative.download();
  double abs_sum = 0, abs_index_weighted = 0, positive_sum = 0;
  for (int i = 0; i < n; ++i) {
    const double d = derivative.host[i];
    abs_sum += std::fabs(d);
    abs_index_weighted += std::fabs(d) * (i + 1);
    positive_sum += d > 0 ? d : 0;
  }
  std::printf("derivative.abs_sum %.9g\nderivative.abs_index_weighted %.9g\n"
              "derivative.positive_sum %.9g\n",
              abs_sum, abs_index_weighted, positive_sum);
  std::printf("derivative.first %.9g\nderivative.last %.9g\n", derivative.host[0],
              derivative.host[n - 1]);
  return 0;
}
