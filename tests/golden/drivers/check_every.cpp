// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case check_every (see driver_support.h). Each loop
// stops between two read-backs, exactly at one, after zero or one trips,
// and at its iteration cap; every result must be the serial program's.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int n = 300;
  struct Case {
    const char* name;
    float tol;
    int max_it;
  };
  for (const Case& c : {Case{"converged", 0.25f, 5000}, Case{"zero_trips", 1e31f, 5000},
                        Case{"capped", 0.0f, 7}, Case{"capped_at_read", 0.0f, 8},
                        Case{"capped_one", 0.0f, 1}}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> v(n);
    Mirrored<int> iterations(1);
    Mirrored<float> residual(1);
    jacobi(u.device(), v.device(), n, c.tol, c.max_it, iterations.device(), residual.device());
    const std::string name = c.name;
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
    print_summary((name + ".iterations").c_str(), iterations);
    print_summary((name + ".residual").c_str(), residual);
  }
  for (float limit : {10.0f, 1e30f, 0.5f}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i, 0.0, 4.0); });
    Mirrored<int> steps(1);
    halve_until(a.device(), n, limit, steps.device());
    const std::string name = "halve" + std::to_string(static_cast<int>(limit > 1e20f ? -1 : limit * 10));
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".steps").c_str(), steps);
  }
  {
    // Large enough that the sum's combine is a kernel of its own (apart):
    // the loop stops mid-chunk, and the combines of the later iterations,
    // turned off, must not add the blocks' stale partials again.
    const int big = 100000;
    Mirrored<float> a(big, [](std::size_t i) { return pattern(i, 0.0, 4.0); });
    Mirrored<int> steps(1);
    halve_until(a.device(), big, 1000.0f, steps.device());
    print_summary("halve_big.a", a);
    print_summary("halve_big.steps", steps);
  }
  for (float target : {5000.0f, 0.0f, 1e30f}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 3); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 5, -1.0, 1.0); });
    Mirrored<int> rounds(1);
    Mirrored<float> clock(1);
    grow(a.device(), b.device(), n, target, rounds.device(), clock.device());
    const std::string name = "grow" + std::to_string(static_cast<int>(target > 1e20f ? -1 : target));
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".b").c_str(), b);
    print_summary((name + ".rounds").c_str(), rounds);
    print_summary((name + ".clock").c_str(), clock);
  }
  for (float tol : {0.5f, 1e6f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 2, -1.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<float> out(1);
    shrink(x.device(), n, tol, steps.device(), out.device());
    const std::string name = tol < 1.0f ? "shrink" : "shrink_none";
    print_summary((name + ".x").c_str(), x);
    print_summary((name + ".steps").c_str(), steps);
    print_summary((name + ".out").c_str(), out);
  }
  for (float tol : {0.3f, 0.0f}) {
    const int h = 24, w = 40;
    Mirrored<float> grid(h * w, [](std::size_t i) { return pattern(i + 7, 0.0, 2.0); });
    Mirrored<float> next(h * w, [](std::size_t i) { return pattern(i + 7, 0.0, 2.0); });
    Mirrored<float> rows(h);
    Mirrored<int> sweeps(1);
    relax(grid.device(), next.device(), rows.device(), h, w, tol, sweeps.device());
    const std::string name = tol > 0.0f ? "relax" : "relax_capped";
    print_summary((name + ".grid").c_str(), grid);
    print_summary((name + ".next").c_str(), next);
    print_summary((name + ".rows").c_str(), rows);
    print_summary((name + ".sweeps").c_str(), sweeps);
  }
  return 0;
}
