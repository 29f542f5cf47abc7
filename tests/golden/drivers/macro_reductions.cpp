// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case macro_reductions (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int cols = 4;
  for (int n : {0, 7, 3001}) {
    Mirrored<float> in(n + 1, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> rows(n / cols + 1), total(1);
    macro_reductions(in.device(), rows.device(), total.device(), n, cols);
    const std::string name = "n" + std::to_string(n);
    print_summary((name + ".rows").c_str(), rows);
    print_summary((name + ".total").c_str(), total);
  }
  return 0;
}
