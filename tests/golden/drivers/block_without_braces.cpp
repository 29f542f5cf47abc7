// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case block_without_braces (see driver_support.h).
// Exercises a region of two unbraced blocks (single for loops) and one braced block.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 9001;
  Mirrored<float> interleaved(2 * n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  Mirrored<float> re(n), im(n), mag2(n);
  split_complex(interleaved.device(), re.device(), im.device(), mag2.device(), n);
  print_summary("re", re);
  print_summary("im", im);
  print_summary("mag2", mag2);
  return 0;
}
