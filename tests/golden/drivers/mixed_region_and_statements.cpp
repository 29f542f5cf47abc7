// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case mixed_region_and_statements (see driver_support.h).
// Exercises blend_layers: serial task, host scalar and loop before the region, the two-block
// region, then the loop and serial task after the join.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> base(n, [](std::size_t i) { return pattern(i, 0.25, 2.0); });
  Mirrored<float> layer_a(n), layer_b(n), out(n);
  Mirrored<float> meta(2, [](std::size_t) { return -7.0; });
  blend_layers(base.device(), layer_a.device(), layer_b.device(), out.device(), meta.device(),
               n, 0.3f);
  print_summary("layer_a", layer_a);
  print_summary("layer_b", layer_b);
  print_summary("out", out);
  print_summary("meta", meta);
  return 0;
}
