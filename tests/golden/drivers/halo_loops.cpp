// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case halo_loops (see driver_support.h).
// Interiors of several widths (the halo copy reads what it does not write
// only when nx >= 2 * kHalo), odd and even lengths for the stepped loops, and
// empty runs.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int nx : {4, 5, 1000}) {
    for (int n : {0, 1, 2, 7, 1111}) {
      const int nrows = n / 3;
      Mirrored<float> q(nx + 2 * kHalo, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
      Mirrored<float> x(n + 1, [](std::size_t i) { return pattern(i + 1, 10.0, 20.0); });
      Mirrored<float> y(n + 1, [](std::size_t i) { return pattern(i + 2, -2.0, 2.0); });
      Mirrored<float> rows(nrows * 16 + 1, [](std::size_t i) { return pattern(i + 3); });
      halo_loops(q.device(), x.device(), y.device(), rows.device(), nx, n, nrows);
      const std::string name = "nx" + std::to_string(nx) + ".n" + std::to_string(n);
      print_summary((name + ".q").c_str(), q);
      print_summary((name + ".x").c_str(), x);
      print_summary((name + ".y").c_str(), y);
      print_summary((name + ".rows").c_str(), rows);
    }
  }
  return 0;
}
