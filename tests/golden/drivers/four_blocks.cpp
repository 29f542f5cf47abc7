// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case four_blocks (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int pixels = 10007; // not a multiple of any block size
  Mirrored<float> red(pixels, [](std::size_t i) { return pattern(i); });
  Mirrored<float> green(pixels, [](std::size_t i) { return pattern(i + 1); });
  Mirrored<float> blue(pixels, [](std::size_t i) { return pattern(i + 2, -0.5, 1.5); });
  Mirrored<float> alpha(pixels, [](std::size_t i) { return pattern(i + 3); });
  grade_channels(red.device(), green.device(), blue.device(), alpha.device(), pixels,
                 2.2f, 0.5f);
  print_summary("red", red);
  print_summary("green", green);
  print_summary("blue", blue);
  print_summary("alpha", alpha);
  return 0;
}
