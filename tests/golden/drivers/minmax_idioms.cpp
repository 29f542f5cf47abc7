// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case minmax_idioms (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 1000;
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i, -5.0, 7.0); });
  Mirrored<int> b(n, [](std::size_t i) { return static_cast<int>(pattern(i + 1, -500.0, 300.0)); });
  Mirrored<float> out(2);
  Mirrored<int> counts(2);
  extremes(a.device(), b.device(), n, out.device(), counts.device());
  print_summary("extremes.out", out);
  print_summary("extremes.counts", counts);
  Mirrored<float> top(1);
  largest(a.device(), n, top.device());
  print_summary("largest.float", top);
  Mirrored<int> most(1);
  largest(b.device(), n, most.device());
  print_summary("largest.int", most);
  Mirrored<float> u(200, [](std::size_t i) { return pattern(i + 2, -1.0, 1.0); });
  Mirrored<float> v(200);
  Mirrored<int> sweeps(1);
  smooth(u.device(), v.device(), 200, 0.2f, sweeps.device());
  print_summary("smooth.u", u);
  print_summary("smooth.sweeps", sweeps);
  return 0;
}
