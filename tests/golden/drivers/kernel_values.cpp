// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case kernel_values (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 1000;
  Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  apply_steps(u.device(), n);
  relax_twice(u.device(), n);
  print_summary("u", u);
  return 0;
}
