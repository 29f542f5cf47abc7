// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case namespaces (see driver_support.h).
// Exercises every kernel by its qualified name (physics::, physics::integrators::,
// solvers::linear::, the anonymous namespace's zero_fill), then the host function step_all.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  const float dt = 0.05f;
  Mirrored<float> x(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 1, 0.5, 1.5); });
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 2, 0.0, 2.0); });
  Mirrored<float> m(n, [](std::size_t i) { return pattern(i + 3, 1.0, 3.0); });
  Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 4, 1.0, 2.0); });
  Mirrored<float> e(n, [](std::size_t) { return -1.0; });
  Mirrored<float> tmp(n, [](std::size_t) { return 8.0; });
  Mirrored<float> jacobi(n, [](std::size_t) { return 0.5; }); // ends stay 0.5

  physics::integrators::euler_step(x.device(), v.device(), a.device(), n, dt);
  physics::kinetic_energy(e.device(), m.device(), v.device(), n);
  solvers::linear::jacobi_sweep(jacobi.device(), b.device(), x.device(), n, 5.0f, 0.5f);
  print_summary("direct.x", x);
  print_summary("direct.v", v);
  print_summary("direct.e", e);
  print_summary("direct.jacobi", jacobi);
  zero_fill(jacobi.device(), n - 500);
  print_summary("direct.zeroed", jacobi);

  step_all(x.device(), v.device(), a.device(), m.device(), e.device(), tmp.device(),
           b.device(), n, dt);
  print_summary("step_all.x", x);
  print_summary("step_all.v", v);
  print_summary("step_all.e", e);
  print_summary("step_all.tmp", tmp);
  return 0;
}
