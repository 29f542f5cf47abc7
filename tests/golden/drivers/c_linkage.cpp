// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case c_linkage (see driver_support.h).
// Declares the kernels again as a C header would: a compiler rejects a
// function declared with C linkage after one with C++ linkage. Calls
// c_relax through a function pointer (stream mode, calling kernels defined
// before and after it), then c_run (graph mode) with one and three steps.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

extern "C" {
void c_scale(float* u, int n, float by);
void c_relax(float* u, const float* v, int n);
void c_finish(float* u, int n);
void c_run(float* u, float* v, float* out, int n, int steps);
typedef void (*RelaxFn)(float*, const float*, int);
}

int main() {
  using namespace qd_driver;
  const int n = 2500;
  const RelaxFn relax = &c_relax;
  for (int steps : {1, 3}) {
    Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -3.0, 12.0); });
    Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 3, -1.0, 2.0); });
    Mirrored<float> out(1);
    relax(u.device(), v.device(), n);
    c_run(u.device(), v.device(), out.device(), n, steps);
    print_summary(steps == 1 ? "one.u" : "three.u", u);
    print_summary(steps == 1 ? "one.v" : "three.v", v);
    print_summary(steps == 1 ? "one.out" : "three.out", out);
  }
  return 0;
}
