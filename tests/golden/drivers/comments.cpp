// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case comments (see driver_support.h).
// Exercises damp_and_split: the commented loop with block_dim(128), then the two-block region.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> src(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> a(n), b(n);
  damp_and_split(a.device(), b.device(), src.device(), n, 0.2f);
  print_summary("a", a);
  print_summary("b", b);
  return 0;
}
