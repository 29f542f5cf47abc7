// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case private_locals (see driver_support.h).
// Inputs of both signs, so that both branches of the body's 'if' write 'r'.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  for (int n : {0, 3, 4099}) {
    Mirrored<double> in(n + 1, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<double> out(n + 1, [](std::size_t i) { return pattern(i + 7); });
    Mirrored<double> total(1);
    private_locals(in.device(), out.device(), total.device(), n, 3.0);
    print_summary("out", out);
    print_summary("total", total);
    Mirrored<long long> squares_in(n + 1, [](std::size_t i) { return static_cast<long long>(i % 17) - 8; });
    Mirrored<long long> squares(n + 1);
    mixed_private(squares_in.device(), squares.device(), n);
    print_summary("squares", squares);
  }
  return 0;
}
