// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case kernel_calls_reduction (see driver_support.h).
// Integer-valued inputs keep every sum exact, so any order of combining
// gives the serial result.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 5000;
  Mirrored<float> u(n + 8, [](std::size_t i) { return static_cast<int>(pattern(i) * 200) - 100; });
  Mirrored<float> v(n, [](std::size_t i) { return static_cast<int>(pattern(i + 3) * 50) - 20; });
  Mirrored<float> out(16);
  both(u.device(), v.device(), out.device(), n);
  print_summary("both", out);
  repeated(u.device(), out.device(), n, 3);
  print_summary("repeated3", out);
  repeated(u.device(), out.device(), n, 5);
  print_summary("repeated5", out);
  return 0;
}
