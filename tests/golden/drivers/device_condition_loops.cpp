// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case device_condition_loops (see driver_support.h).
// jacobi until converged, with zero trips (the first test fails) and at its
// iteration cap (a tolerance it cannot reach); halve_until (do/while: at
// least one trip) and grow (a for loop whose sum accumulates across
// iterations), each until its condition turns false; moments (graph mode)
// with and without host-loop iterations; shrink, whose loop sets a result
// from another on the device; c_style, whose locals get their values from
// host statements; halve_typed, a template whose reduction variable has the
// template's type, for double and float.
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
                        Case{"capped", 0.0f, 7}}) {
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
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i, 0.0, 4.0); });
    Mirrored<int> steps(1);
    halve_until(a.device(), n, 10.0f, steps.device());
    print_summary("halve.a", a);
    print_summary("halve.steps", steps);
    halve_until(a.device(), n, 1e30f, steps.device()); // one trip: do/while
    print_summary("halve_once.steps", steps);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 3); });
    Mirrored<int> rounds(1);
    grow(a.device(), n, 5000.0f, rounds.device());
    print_summary("grow.a", a);
    print_summary("grow.rounds", rounds);
  }
  {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 2, -1.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<float> out(1);
    shrink(x.device(), n, 0.5f, steps.device(), out.device());
    print_summary("shrink.x", x);
    print_summary("shrink.steps", steps);
    print_summary("shrink.out", out);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 4, 0.0, 2.0); });
    Mirrored<int> steps(1);
    c_style(a.device(), n, 1e-3f, steps.device());
    print_summary("c_style.a", a);
    print_summary("c_style.steps", steps);
  }
  for (int steps : {0, 3}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 9, -1.0, 1.0); });
    Mirrored<float> out(3);
    moments(a.device(), n, steps, out.device());
    print_summary(steps == 0 ? "moments0.out" : "moments3.out", out);
  }
  {
    Mirrored<double> d(n, [](std::size_t i) { return pattern(i + 6, 0.0, 4.0); });
    Mirrored<float> f(n, [](std::size_t i) { return pattern(i + 6, 0.0, 4.0); });
    Mirrored<int> steps(2);
    halve_typed(d.device(), n, 1e-3, steps.device());
    halve_typed(f.device(), n, 1e-2f, steps.device() + 1);
    print_summary("halve_typed.d", d);
    print_summary("halve_typed.f", f);
    print_summary("halve_typed.steps", steps);
  }
  return 0;
}
