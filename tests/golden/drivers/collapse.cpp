// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case collapse (see driver_support.h).
// Odd sizes in every dimension, then calls where one dimension is empty (the
// outer one, an inner one, the innermost one): those nests launch nothing and
// leave their arrays as they were.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int h = 37, w = 129;
  const long nz = 5;
  const unsigned ny = 7;
  const int nx = 33;
  Mirrored<float> grid(std::size_t(h) * w, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<double> volume(std::size_t(nz) * ny * nx, [](std::size_t i) { return pattern(i + 5, 0.0, 2.0); });
  grid_and_volume(grid.device(), volume.device(), h, w, nz, ny, nx);
  grid_and_volume(grid.device(), volume.device(), 0, w, nz, 0u, nx);   // empty outer, empty middle
  grid_and_volume(grid.device(), volume.device(), h - 4, w, 2, ny, 0); // empty innermost
  print_summary("grid", grid);
  print_summary("volume", volume);
  return 0;
}
