// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cpu target against the serial program built from the same source
// (bench/cpu_loops.cpp), in one process, alternating runs. Prints per loop
// the best time of each and serial/cpu (>= 1.0: the cpu target is at least
// as fast). Exits 1 if the two builds' results differ. --quick: small sizes,
// for the ctest smoke run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#define QD_DECLARE_LOOPS(ns)                                                   \
  namespace ns {                                                              \
  void triad(float *a, const float *b, const float *c, float s, int n);        \
  void stencil_collapse(const float *in, float *out, int n);                  \
  void stencil_rows(const float *in, float *out, int n);                      \
  void product(const float *a, const float *b, float *c, int n);              \
  void product_ikj(const float *a, const float *b, float *c, int n);          \
  void sum(const double *x, double *total, int n);                            \
  }
QD_DECLARE_LOOPS(serial_build)
QD_DECLARE_LOOPS(cpu_target)

namespace {

double best_ms(const std::function<void()> &run, int reps) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

bool failed = false;

// Times both builds of one loop, alternating, and compares what they wrote:
// equal, or within \p tolerance relative (a reduction over OpenMP threads
// adds in another order). Both write into the same buffer \p out: with one
// output buffer each, a stencil ran 10% faster or slower depending only on
// which buffer it was given (where it sits against the input, not the code).
template <class T>
void compare(const char *name, const std::function<void()> &serial,
             const std::function<void()> &cpu, std::vector<T> &out, int reps,
             double tolerance = 0.0) {
  double s = 1e300, c = 1e300;
  std::vector<T> serial_out, cpu_out;
  // The first run of each starts from the same filler, so an element one
  // build leaves unwritten cannot pass for the other's.
  const T filler = static_cast<T>(-7);
  for (int r = 0; r < reps; ++r) {
    if (r == 0)
      std::fill(out.begin(), out.end(), filler);
    s = std::min(s, best_ms(serial, 1));
    if (r == 0) {
      serial_out = out;
      std::fill(out.begin(), out.end(), filler);
    }
    c = std::min(c, best_ms(cpu, 1));
    if (r == 0)
      cpu_out = out;
  }
  bool same = true;
  for (std::size_t i = 0; same && i < serial_out.size(); ++i)
    same = serial_out[i] == cpu_out[i] ||
           std::fabs(static_cast<double>(serial_out[i]) - cpu_out[i]) <=
               tolerance * std::fabs(static_cast<double>(serial_out[i]));
  failed |= !same;
  std::printf("%-18s serial %9.3f ms  cpu %9.3f ms  serial/cpu %.3f%s\n", name, s, c,
              s / c, same ? "" : "  RESULTS DIFFER");
}

} // namespace

int main(int argc, char **argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int reps = quick ? 1 : 25;
  const int n1 = quick ? 1000 : 1 << 22;
  const int n2 = quick ? 64 : 2048;
  const int nm = quick ? 32 : 512;

  std::vector<float> b(n1), c(n1), a(n1);
  for (int i = 0; i < n1; ++i) {
    b[i] = static_cast<float>(i % 1000) * 1e-3f;
    c[i] = static_cast<float>(i % 77) * 0.5f;
  }
  compare<float>("triad", [&] { serial_build::triad(a.data(), b.data(), c.data(), 0.5f, n1); },
                 [&] { cpu_target::triad(a.data(), b.data(), c.data(), 0.5f, n1); }, a, reps);

  std::vector<float> grid(n2 * n2), out(n2 * n2);
  for (int i = 0; i < n2 * n2; ++i)
    grid[i] = static_cast<float>(i % 97) * 0.01f;
  compare<float>("stencil_collapse",
                 [&] { serial_build::stencil_collapse(grid.data(), out.data(), n2); },
                 [&] { cpu_target::stencil_collapse(grid.data(), out.data(), n2); }, out, reps);
  compare<float>("stencil_rows", [&] { serial_build::stencil_rows(grid.data(), out.data(), n2); },
                 [&] { cpu_target::stencil_rows(grid.data(), out.data(), n2); }, out, reps);

  std::vector<float> ma(nm * nm), mb(nm * nm), mc(nm * nm);
  for (int i = 0; i < nm * nm; ++i) {
    ma[i] = static_cast<float>(i % 13) * 0.1f;
    mb[i] = static_cast<float>(i % 7) * 0.2f;
  }
  compare<float>("product", [&] { serial_build::product(ma.data(), mb.data(), mc.data(), nm); },
                 [&] { cpu_target::product(ma.data(), mb.data(), mc.data(), nm); }, mc,
                 quick ? 1 : 3);
  compare<float>("product_ikj",
                 [&] { serial_build::product_ikj(ma.data(), mb.data(), mc.data(), nm); },
                 [&] { cpu_target::product_ikj(ma.data(), mb.data(), mc.data(), nm); }, mc,
                 quick ? 1 : 3);

  std::vector<double> x(n1), total(1);
  for (int i = 0; i < n1; ++i)
    x[i] = static_cast<double>(i % 1000) * 1e-3;
  compare<double>("sum", [&] { serial_build::sum(x.data(), total.data(), n1); },
                  [&] { cpu_target::sum(x.data(), total.data(), n1); }, total, reps, 1e-12);
  return failed ? 1 : 0;
}
