// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case vector_leader_initializers (see driver_support.h).
// Each initializer must run exactly once per row (seen == 1 everywhere).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 301, m = 77;
  Mirrored<float> a(std::size_t(n) * m, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> y(n);
  Mirrored<int> seen(std::size_t(n) * 4);
  weighted_rows(a.device(), y.device(), seen.device(), n, m);
  print_summary("y", y);
  print_summary("seen", seen);
  return 0;
}
