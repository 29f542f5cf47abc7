// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case block_dim (see driver_support.h).
// Exercises both kernels: the kernel-wide block_dim(128), the loop overrides (64, 256, 1024)
// and the override inside a stream_parallel block.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> x(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> y(n, [](std::size_t i) { return pattern(i + 3, 0.5, 1.5); });
  scale_and_shift(x.device(), y.device(), n, 1.5f, 0.25f);
  negate(y.device(), n - 1000); // a shorter range: the tail keeps scale_and_shift's result
  print_summary("x", x);
  print_summary("y", y);
  return 0;
}
