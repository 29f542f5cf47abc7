// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case globals (see driver_support.h).
// Sets the globals before each call, so each call sees the values of its
// own enqueue; 'profile' points to device memory.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {0, 2, 3001}) {
    Mirrored<double> in(n + 1, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<double> out(n + 1, [](std::size_t i) { return pattern(i + 3); });
    Mirrored<double> prof(n + 1, [](std::size_t i) { return pattern(i + 5, 1.0, 2.0); });
    Mirrored<float> f(n + 1);
    nx = n;
    profile = prof.device();
    grid = Grid{n / 2, 0.125};
    config::scale = 0.5 + n;
    globals(out.device(), in.device(), f.device());
    Mirrored<float> g(n + 1, [](std::size_t i) { return pattern(i + 7); });
    sim::count = n;
    ramp(g.device());
    const std::string name = "n" + std::to_string(n);
    print_summary((name + ".out").c_str(), out);
    print_summary((name + ".f").c_str(), f);
    print_summary((name + ".g").c_str(), g);
    std::printf("%s.nx %d\n", name.c_str(), nx);
  }
  return 0;
}
