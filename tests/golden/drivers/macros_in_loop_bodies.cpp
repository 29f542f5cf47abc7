// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case macros_in_loop_bodies (see driver_support.h).
// Exercises stencil_2d on a non-square grid whose interior is not a multiple of any block
// size; inputs in [-2, 2] so the CLAMP macro saturates some cells.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int width = 131, height = 77;
  Mirrored<float> in(width * height, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  // The kernel writes only the interior of out and energy[1 .. height-2].
  Mirrored<float> out(width * height, [](std::size_t) { return 9.0; });
  Mirrored<float> energy(height, [](std::size_t) { return -1.0; });
  stencil_2d(in.device(), out.device(), energy.device(), width, height);
  print_summary("out", out);
  print_summary("energy", energy);
  return 0;
}
