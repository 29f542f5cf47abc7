// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case parameter_forms (see driver_support.h).
// Two calls with different windows, so graph mode must update its
// arguments.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 5003;
  Mirrored<float> in(n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  Mirrored<float> out(n, [](std::size_t) { return 0.0; });
  const Window first{{17, 4000}, 1.5f};
  scaled_copy(out.device(), in.device(), first, n);
  print_summary("out_first", out);
  const Window second{{0, 2500}, -0.25f};
  scaled_copy(out.device(), in.device(), second, n);
  print_summary("out_second", out);
  return 0;
}
