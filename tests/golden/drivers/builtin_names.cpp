// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case builtin_names (see driver_support.h).
// A grid larger than one launch's worth of threads per block, so a wrong
// grid stride would leave elements unwritten.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const Grid grid{301, 177};
  const int n = grid.x * grid.y;
  Mirrored<float> field(n, [](std::size_t) { return -1.0; });
  Mirrored<float> total(1, [](std::size_t) { return 0.0; });
  fill_grid(field.device(), total.device(), grid, 3);
  print_summary("field", field);
  print_summary("total", total);
  return 0;
}
