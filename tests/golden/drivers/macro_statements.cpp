// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case macro_statements (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {0, 7, 3001}) {
    for (int steps : {0, 3}) {
      Mirrored<float> a(n + 1), b(n + 1), total(1);
      macro_statements(a.device(), b.device(), total.device(), n, steps);
      const std::string name = "n" + std::to_string(n) + ".steps" + std::to_string(steps);
      print_summary((name + ".a").c_str(), a);
      print_summary((name + ".b").c_str(), b);
      print_summary((name + ".total").c_str(), total);
    }
  }
  return 0;
}
