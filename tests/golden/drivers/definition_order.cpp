// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case definition_order (see driver_support.h).
// Calls the host function defined first, which calls a stream-mode kernel and
// then a graph-mode one, both calling kernels defined after them, with one
// and with three steps.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 2049;
  for (int steps : {1, 3}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -4.0, 4.0); });
    Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 5, -1.0, 1.0); });
    Mirrored<float> out(steps);
    simulate(u.device(), v.device(), out.device(), n, steps);
    print_summary(steps == 1 ? "one.u" : "three.u", u);
    print_summary(steps == 1 ? "one.v" : "three.v", v);
    print_summary(steps == 1 ? "one.out" : "three.out", out);
  }
  return 0;
}
