// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case kernel_calls (see driver_support.h).
// Calls step directly (stream mode, with calls inside blocks and a callee
// with its own reduction and region), then run (graph mode, whose graph holds
// every callee's launches) with an even and an odd number of steps.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 3001;
  for (int steps : {1, 4}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 7, -2.0, 2.0); });
    Mirrored<float> w(n, [](std::size_t i) { return pattern(i + 11); });
    Mirrored<float> out(2 * steps + 2);
    step(u.device(), v.device(), w.device(), out.device() + 2 * steps, n, 0.3f);
    run(u.device(), v.device(), w.device(), out.device(), n, steps);
    print_summary(steps == 1 ? "one.u" : "four.u", u);
    print_summary(steps == 1 ? "one.v" : "four.v", v);
    print_summary(steps == 1 ? "one.w" : "four.w", w);
    print_summary(steps == 1 ? "one.out" : "four.out", out);
  }
  return 0;
}
