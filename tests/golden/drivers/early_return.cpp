// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case early_return (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 100;
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i); });
  scale(a.device(), 0, 5.0f);
  print_summary("scale_none.a", a);
  scale(a.device(), n, 2.0f);
  print_summary("scale.a", a);
  for (int limit : {3, 20}) {
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 1); });
    Mirrored<int> rounds(1);
    grow_until(b.device(), n, limit, rounds.device());
    print_summary(limit < 10 ? "grow_until3.b" : "grow_until_all.b", b);
    print_summary(limit < 10 ? "grow_until3.rounds" : "grow_until_all.rounds", rounds);
    Mirrored<float> c(n, [](std::size_t i) { return pattern(i + 1); });
    grow_until_graph(c.device(), n, limit, rounds.device());
    print_summary(limit < 10 ? "graph3.c" : "graph_all.c", c);
    print_summary(limit < 10 ? "graph3.rounds" : "graph_all.rounds", rounds);
  }
  Mirrored<float> d(n, [](std::size_t i) { return pattern(i + 2); });
  scale_twice(d.device(), n, 3.0f);
  print_summary("scale_twice.d", d);
  return 0;
}
