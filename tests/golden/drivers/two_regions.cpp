// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case two_regions (see driver_support.h).
// Exercises two_phase_update: region 1 (three smoothing blocks), the coupling loop and host
// scalar on the launch stream, region 2 (write-back blocks); called twice in a row. A mild
// alpha keeps the alternating sums away from zero (a strong one averages neighbours out).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> u(n, [](std::size_t i) { return pattern(i, 1.0, 2.0); });
  Mirrored<float> v(n, [](std::size_t i) { return pattern(i + 11, 0.0, 1.0); });
  Mirrored<float> w(n, [](std::size_t i) { return pattern(i + 23, 2.0, 3.0); });
  // The kernel writes only 1..n-2 of the *_next arrays: the ends keep these values.
  Mirrored<float> u_next(n, [](std::size_t) { return 1.0; });
  Mirrored<float> v_next(n, [](std::size_t) { return 2.0; });
  Mirrored<float> w_next(n, [](std::size_t) { return 3.0; });
  for (int step = 0; step < 2; ++step)
    two_phase_update(u.device(), v.device(), w.device(), u_next.device(), v_next.device(),
                     w_next.device(), n, 0.1f);
  print_summary("u", u);
  print_summary("v", v);
  print_summary("w", w);
  print_summary("u_next", u_next);
  print_summary("v_next", v_next);
  print_summary("w_next", w_next);
  return 0;
}
