// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case block_sums (see driver_support.h).
// Calls block_sums twice, with and without the host 'if''s task: out[2]
// keeps the first call's value.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 1000;
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i); });
  Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 17); });
  Mirrored<float> scaled(n), out(3);
  block_sums(a.device(), b.device(), scaled.device(), out.device(), n, true);
  print_summary("out_first", out);
  block_sums(b.device(), a.device(), scaled.device(), out.device(), n, false);
  print_summary("scaled", scaled);
  print_summary("out", out);
  return 0;
}
