// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case several_loops (see driver_support.h).
// Exercises the three dependent loops (ghost-cell copy, smoothing, residual) in program order.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 12345;
  Mirrored<float> in(n, [](std::size_t i) { return pattern(i, 0.5, 2.0); });
  Mirrored<float> padded(n + 2);
  Mirrored<float> smooth(n);
  Mirrored<float> residual(n);
  smooth_and_residual(in.device(), padded.device(), smooth.device(), residual.device(), n);
  print_summary("padded", padded);
  print_summary("smooth", smooth);
  print_summary("residual", residual);
  return 0;
}
