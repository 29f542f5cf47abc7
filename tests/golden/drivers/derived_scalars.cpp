// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case derived_scalars (see driver_support.h): each result
// must be the serial program's.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 200;
  for (double lo : {-1.0, -3.0}) {
    Mirrored<float> a(n, [&](std::size_t i) { return pattern(i, lo, 1.0); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 1); });
    Mirrored<float> out(n);
    normalize(a.device(), b.device(), out.device(), n);
    print_summary(lo > -2.0 ? "normalize.a" : "normalize_negative.a", a);
    print_summary(lo > -2.0 ? "normalize.out" : "normalize_negative.out", out);
  }
  for (float target : {10.0f, 1e9f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 2, 0.0, 2.0); });
    Mirrored<int> steps(1);
    settle(x.device(), n, target, steps.device());
    print_summary(target < 1e6f ? "settle.x" : "settle_none.x", x);
    print_summary(target < 1e6f ? "settle.steps" : "settle_none.steps", steps);
  }
  for (int max_it : {500, 5}) {
    Mirrored<double> x(n);
    Mirrored<double> r(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<double> p(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<double> ap(n);
    Mirrored<int> iterations(1);
    cg(x.device(), r.device(), p.device(), ap.device(), n, 1e-8, max_it, iterations.device());
    print_summary(max_it > 10 ? "cg.x" : "cg_capped.x", x);
    print_summary(max_it > 10 ? "cg.r" : "cg_capped.r", r);
    print_summary(max_it > 10 ? "cg.iterations" : "cg_capped.iterations", iterations);
  }
  for (int max_it : {500, 5}) {
    Mirrored<double> x(n);
    Mirrored<double> r(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<double> p(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<double> ap(n);
    Mirrored<int> iterations(1);
    cg_c_style(x.device(), r.device(), p.device(), ap.device(), n, 1e-8, max_it,
               iterations.device());
    print_summary(max_it > 10 ? "cg_c_style.x" : "cg_c_style_capped.x", x);
    print_summary(max_it > 10 ? "cg_c_style.iterations" : "cg_c_style_capped.iterations",
                  iterations);
  }
  for (float tol : {1.0f, 1e9f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 4, -1.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<float> out(2);
    descend(x.device(), n, tol, steps.device(), out.device());
    print_summary(tol < 10.0f ? "descend.x" : "descend_once.x", x);
    print_summary(tol < 10.0f ? "descend.steps" : "descend_once.steps", steps);
    print_summary(tol < 10.0f ? "descend.out" : "descend_once.out", out);
  }
  for (float tol : {0.01f, 1e9f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 5, -1.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<float> out(1);
    narrow(x.device(), n, tol, steps.device(), out.device());
    print_summary(tol < 10.0f ? "narrow.x" : "narrow_none.x", x);
    print_summary(tol < 10.0f ? "narrow.steps" : "narrow_none.steps", steps);
    print_summary(tol < 10.0f ? "narrow.out" : "narrow_none.out", out);
  }
  for (float tol : {0.01f, 1e9f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 6, -1.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<float> out(1);
    narrow_outer(x.device(), n, tol, steps.device(), out.device());
    print_summary(tol < 10.0f ? "narrow_outer.x" : "narrow_outer_none.x", x);
    print_summary(tol < 10.0f ? "narrow_outer.steps" : "narrow_outer_none.steps", steps);
    print_summary(tol < 10.0f ? "narrow_outer.out" : "narrow_outer_none.out", out);
  }
  {
    Mirrored<double> x(n, [](std::size_t i) { return pattern(i + 7, -1.0, 1.0); });
    Mirrored<double> total(2);
    shift_by_twice(x.device(), 0.5, n, total.device());
    print_summary("shift_by_twice_double.x", x);
    print_summary("shift_by_twice_double.total", total);
  }
  {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 8, -1.0, 2.0); });
    Mirrored<float> total(2);
    shift_by_twice(x.device(), 2.0f, n, total.device());
    print_summary("shift_by_twice_float.x", x);
    print_summary("shift_by_twice_float.total", total);
  }
  for (double tol : {1e-6, 1e30}) {
    Mirrored<double> x(n, [](std::size_t i) { return pattern(i + 9, 0.0, 1.0); });
    Mirrored<int> steps(1);
    Mirrored<double> out(1);
    halve_until(x.device(), n, tol, steps.device(), out.device());
    print_summary(tol < 1.0 ? "halve_until.x" : "halve_until_none.x", x);
    print_summary(tol < 1.0 ? "halve_until.steps" : "halve_until_none.steps", steps);
    print_summary(tol < 1.0 ? "halve_until.out" : "halve_until_none.out", out);
  }
  {
    Mirrored<int> x(n, [](std::size_t i) { return static_cast<int>(i % 17); });
    Mirrored<int> steps(1);
    raise_by_mean(x.device(), n, steps.device());
    print_summary("raise_by_mean.x", x);
    print_summary("raise_by_mean.steps", steps);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 10, 1.0, 3.0); });
    to_unit_mean(a.device(), n);
    print_summary("to_unit_mean.a", a);
  }
  for (float target : {10.0f, 1e9f}) {
    Mirrored<float> x(n, [](std::size_t i) { return pattern(i + 11, 0.0, 2.0); });
    Mirrored<int> steps(1);
    settle_typed(x.device(), n, target, steps.device());
    print_summary(target < 1e6f ? "settle_typed.x" : "settle_typed_none.x", x);
    print_summary(target < 1e6f ? "settle_typed.steps" : "settle_typed_none.steps", steps);
  }
  return 0;
}
