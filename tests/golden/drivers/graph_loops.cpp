// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case graph_loops (see driver_support.h). sweep until
// converged, with zero trips (the first test fails), at its iteration cap,
// and twice more with the same arguments (the cached graph again) and with
// another tolerance; halve_below (do/while: at least one trip, and exactly
// one); grow (a 'for' whose increment the GPU runs, with a region and a
// kernel call in its body); cg; settle_then_mark (stream mode);
// smooth_until with two sweeps per cycle, and with none; two_sides (a
// loop in a block); shrink_both (a loop in a called kernel); decay (a
// template kernel); march (a time loop of the caller's count, called with
// 0, 1, 37, 37 again and 4 steps); rounds_of (a 'do' loop of 0 and 3
// rounds around a loop of the same count); settle_with_copy (a 'reuse'
// library call in the body), twice with new buffers; heat_c_style (C-style
// declarations at the top) for 0, 7 and 8 steps; advance_until (host
// statements first in the body) for no time, 0.3 and 1; relax_every (an
// IF node on the counter) every 1, 4 and 1000 iterations; relax_alternating
// (an 'if'/'else if'/'else' on the counter) for 96 and 40 elements; forced
// (a time declared in the body) for 0, 1 and 40 steps; repeat_march (a time
// loop in an unrolled loop) for 3 and 18 steps; implicit_steps (a
// convergence loop in each step) for 0, 1 and 6 steps, converging or capped
// at 7 or 400 iterations; settle_or_reset (an IF node after the loop)
// capped at 3 iterations and converging within 100.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int n = 96;
  struct Case {
    const char* name;
    float tol;
    int max_it;
  };
  for (const Case& c : {Case{"converged", 0.25f, 5000}, Case{"zero_trips", 1e31f, 5000},
                        Case{"capped", 0.0f, 7}, Case{"again", 0.25f, 5000},
                        Case{"tighter", 0.2f, 5000}}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> v(n);
    Mirrored<int> iterations(1);
    Mirrored<float> residual(1);
    sweep(u.device(), v.device(), n, c.tol, c.max_it, iterations.device(), residual.device());
    const std::string name = c.name;
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
    print_summary((name + ".iterations").c_str(), iterations);
    print_summary((name + ".residual").c_str(), residual);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i, 0.0, 4.0); });
    Mirrored<int> steps(1);
    halve_below(a.device(), n, 10.0f, steps.device());
    print_summary("halve.a", a);
    print_summary("halve.steps", steps);
    halve_below(a.device(), n, 1e30f, steps.device()); // one trip: do/while
    print_summary("halve_once.steps", steps);
  }
  for (float target : {5000.0f, -1.0f}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 3); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 5, -1.0, 1.0); });
    Mirrored<int> rounds(1);
    grow_mean(a.device(), b.device(), n, target, rounds.device());
    const std::string name = target > 0 ? "grow" : "grow_none";
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".b").c_str(), b);
    print_summary((name + ".rounds").c_str(), rounds);
  }
  {
    Mirrored<double> x(n);
    Mirrored<double> r(n, [](std::size_t i) { return pattern(i + 1, -1.0, 1.0); });
    Mirrored<double> p(n, [](std::size_t i) { return pattern(i + 1, -1.0, 1.0); });
    Mirrored<double> ap(n);
    Mirrored<int> iterations(1);
    cg(x.device(), r.device(), p.device(), ap.device(), n, 1e-8, 1000, iterations.device());
    print_summary("cg.x", x);
    print_summary("cg.iterations", iterations);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 7, -1.0, 1.0); });
    Mirrored<int> marks(64);
    settle_then_mark(a.device(), n, 0.01f, marks.device());
    print_summary("settle.a", a);
    print_summary("settle.marks", marks);
  }
  for (int sweeps : {2, 0}) {
    Mirrored<float> a(n, [&](std::size_t i) { return i == 0 ? 1.0 : pattern(i + 11, -0.1, 0.1); });
    Mirrored<float> b(n);
    Mirrored<int> cycles(1);
    smooth_until(a.device(), b.device(), n, sweeps, 1e-3f, cycles.device());
    const std::string name = sweeps ? "smooth" : "smooth_none";
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".cycles").c_str(), cycles);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 13, -2.0, 2.0); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 17); });
    Mirrored<int> counts(1);
    two_sides(a.device(), b.device(), n, 1e-4f, counts.device());
    print_summary("two_sides.a", a);
    print_summary("two_sides.b", b);
    print_summary("two_sides.counts", counts);
  }
  {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 19, -1.0, 1.0); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 23, 0.0, 3.0); });
    Mirrored<int> steps(2);
    shrink_both(a.device(), b.device(), n, 1.0f, steps.device());
    print_summary("shrink_both.a", a);
    print_summary("shrink_both.b", b);
    print_summary("shrink_both.steps", steps);
    shrink_in_stream_mode(a.device(), n, 0.25f, steps.device());
    print_summary("shrink_stream.a", a);
    print_summary("shrink_stream.steps", steps);
  }
  {
    Mirrored<double> a(n, [](std::size_t i) { return pattern(i + 29, 0.0, 8.0); });
    Mirrored<int> steps(1);
    decay(a.device(), n, 1e-3f, steps.device());
    print_summary("decay.a", a);
    print_summary("decay.steps", steps);
  }
  // The same buffers through calls of other step counts: the graph's
  // size, and its nodes, do not depend on the count.
  {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i + 7, -1.0, 1.0); });
    Mirrored<float> v(n);
    Mirrored<float> time(1);
    for (int steps : {0, 1, 37, 37, 4}) {
      march(u.device(), v.device(), n, steps, 0.125f, time.device());
      const std::string name = "march" + std::to_string(steps);
      print_summary((name + ".u").c_str(), u);
      print_summary((name + ".v").c_str(), v);
      print_summary((name + ".time").c_str(), time);
    }
  }
  for (int rounds : {0, 3}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 2); });
    Mirrored<int> done(1);
    rounds_of(a.device(), n, rounds, done.device());
    const std::string name = "rounds" + std::to_string(rounds);
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".done").c_str(), done);
  }
  for (int call = 0; call < 2; ++call) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 4, 0.0, 8.0); });
    Mirrored<float> last(n);
    Mirrored<int> steps(1);
    settle_with_copy(a.device(), last.device(), n, 0.05f, steps.device());
    const std::string name = "settle_with_copy" + std::to_string(call);
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".last").c_str(), last);
    print_summary((name + ".steps").c_str(), steps);
  }
  for (int nsteps : {0, 7, 8}) {
    Mirrored<double> u(n, [](std::size_t i) { return pattern(i + 9, 0.0, 2.0); });
    Mirrored<double> unew(n, [](std::size_t i) { return pattern(i + 9, 0.0, 2.0); });
    heat_c_style(u.device(), unew.device(), n, nsteps, 0.25);
    const std::string name = "heat" + std::to_string(nsteps);
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".unew").c_str(), unew);
  }
  for (float t_end : {0.0f, 0.3f, 1.0f}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i + 11, 0.0, 2.0); });
    Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 11, 0.0, 2.0); });
    Mirrored<float> out(2);
    advance_until(u.device(), v.device(), n, t_end, 0.0625f, out.device());
    const std::string name = "advance_until" + std::to_string(static_cast<int>(t_end * 10));
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
    print_summary((name + ".out").c_str(), out);
  }
  for (int every : {1, 4, 1000}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 13, 0.0, 4.0); });
    Mirrored<float> marks(n);
    Mirrored<int> steps(1);
    relax_every(a.device(), marks.device(), n, every, 1e-3f, steps.device());
    const std::string name = "relax_every" + std::to_string(every);
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".marks").c_str(), marks);
    print_summary((name + ".steps").c_str(), steps);
  }
  for (int size : {n, 40}) {
    Mirrored<float> a(size, [](std::size_t i) { return pattern(i + 17, 0.0, 4.0); });
    Mirrored<float> marks(size);
    Mirrored<int> counts(3);
    relax_alternating(a.device(), marks.device(), size, 1e-3f, counts.device());
    const std::string name = "relax_alternating" + std::to_string(size);
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".marks").c_str(), marks);
    print_summary((name + ".counts").c_str(), counts);
  }
  for (int steps : {0, 1, 40}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i + 19, -1.0, 1.0); });
    Mirrored<float> v(n);
    Mirrored<float> trace(2);
    forced(u.device(), v.device(), n, steps, 0.125f, trace.device());
    const std::string name = "forced" + std::to_string(steps);
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
    print_summary((name + ".trace").c_str(), trace);
  }
  for (int steps : {3, 18}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i + 23, -1.0, 1.0); });
    Mirrored<float> v(n);
    repeat_march(u.device(), v.device(), n, steps);
    const std::string name = "repeat_march" + std::to_string(steps);
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
  }
  struct Implicit {
    int steps;
    float tol;
    int max_it;
  };
  for (const Implicit& c : {Implicit{0, 2e-2f, 400}, Implicit{1, 2e-2f, 400},
                            Implicit{6, 2e-2f, 7}, Implicit{6, 2e-2f, 400}}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i + 29, 0.0, 2.0); });
    Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 29, 0.0, 2.0); });
    Mirrored<int> iters(c.steps + 1);
    implicit_steps(u.device(), v.device(), n, c.steps, c.tol, c.max_it, iters.device());
    const std::string name = "implicit" + std::to_string(c.steps) + "_" + std::to_string(c.max_it);
    print_summary((name + ".u").c_str(), u);
    print_summary((name + ".v").c_str(), v);
    print_summary((name + ".iters").c_str(), iters);
  }
  for (int max_it : {3, 100}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 31, 0.0, 4.0); });
    Mirrored<int> flags(2);
    settle_or_reset(a.device(), n, 1e-3f, max_it, flags.device());
    const std::string name = "settle_or_reset" + std::to_string(max_it);
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".flags").c_str(), flags);
  }
  return 0;
}
