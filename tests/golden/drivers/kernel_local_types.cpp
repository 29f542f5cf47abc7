// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case kernel_local_types (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 4099;
  // Multiples of 1/8: the sum is exact in any order.
  Mirrored<float> a(n + 1, [](std::size_t i) { return static_cast<double>(i % 17) / 8.0 - 1.0; });
  blend(a.device(), n);
  print_summary("a", a);
  Mirrored<float> in(n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  Mirrored<float> out(n), scaled(n);
  mix(in.device(), out.device(), scaled.device(), n);
  print_summary("out", out);
  print_summary("scaled", scaled);
  Mirrored<double> din(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
  Mirrored<double> dout(n);
  mix_typed<double>(din.device(), dout.device(), n);
  print_summary("dout", dout);
  return 0;
}
