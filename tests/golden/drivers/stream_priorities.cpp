// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case stream_priorities (see driver_support.h).
// edges_first's three blocks (high, default, low priority); halve_until to a
// tolerance and at its iteration cap.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int n = 1000;
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  Mirrored<float> edges(2), interior(n), background(n);
  edges_first(a.device(), edges.device(), interior.device(), background.device(), n);
  print_summary("edges", edges);
  print_summary("interior", interior);
  print_summary("background", background);
  struct Case {
    const char* name;
    float tol;
    int max_it;
  };
  for (const Case& c : {Case{"converged", 1e-3f, 100}, Case{"capped", 0.0f, 5}}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> norm(1);
    Mirrored<int> iterations(1);
    halve_until(u.device(), norm.device(), n, c.tol, c.max_it, iterations.device());
    const std::string name = c.name;
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".norm").c_str(), norm);
    print_summary((name + ".iterations").c_str(), iterations);
  }
  return 0;
}
