// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case c_style_loops (see driver_support.h).
// Sizes that no step divides, steps of 1 to 4 from the host, and an empty
// run (n = 0), so that every strided trip count is exercised.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int rows = 37, cols = 29;
  for (int n : {0, 1, 1111}) {
    for (int stride : {1, 4}) {
      const std::size_t size = n > rows * cols ? n : rows * cols;
      Mirrored<float> a(size, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
      Mirrored<double> b(size, [](std::size_t i) { return pattern(i + 1, 10.0, 20.0); });
      Mirrored<int> c(size, [](std::size_t i) { return static_cast<int>(i % 13); });
      c_style_loops(a.device(), b.device(), c.device(), n, stride, rows, cols);
      const std::string name = "n" + std::to_string(n) + ".stride" + std::to_string(stride);
      print_summary((name + ".a").c_str(), a);
      print_summary((name + ".b").c_str(), b);
      print_summary((name + ".c").c_str(), c);
    }
  }
  return 0;
}
