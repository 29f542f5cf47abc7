// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case two_blocks (see driver_support.h).
// Exercises image_gradients on a non-square image with odd sides (x and y gradient blocks).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int width = 131, height = 97;
  const int pixels = width * height;
  Mirrored<float> image(pixels, [](std::size_t i) { return pattern(i); });
  Mirrored<float> grad_x(pixels), grad_y(pixels);
  image_gradients(image.device(), grad_x.device(), grad_y.device(), width, height);
  print_summary("grad_x", grad_x);
  print_summary("grad_y", grad_y);
  return 0;
}
