// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case one_loop (see driver_support.h).
// Exercises saxpy on an odd-sized array, twice (the second call reads the first's result).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> x(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> y(n, [](std::size_t i) { return pattern(i + 7, 1.0, 3.0); });
  saxpy(y.device(), x.device(), 0.75f, n);
  saxpy(y.device(), x.device(), -0.25f, n - 13); // leaves the tail as after the first call
  print_summary("y", y);
  print_summary("x", x);
  return 0;
}
