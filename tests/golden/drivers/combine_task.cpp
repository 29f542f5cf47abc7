// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case combine_task (see driver_support.h). The sizes take
// the last block's combine (small grids) and the combine kernel launched
// after the loop (large ones); each kernel runs more than once, so that a
// task run twice, or skipped, changes the totals.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {1, 7, 3001, 300001}) {
    const std::string tag = "n" + std::to_string(n);
    Mirrored<double> a(n, [](std::size_t i) { return pattern(i, -2.0, 3.0); });
    Mirrored<double> u(n, [](std::size_t i) { return pattern(i + 5, -1.0, 1.0); });
    Mirrored<double> totals(2), ends(3);
    for (int round = 0; round < 2; ++round) {
      accumulate(a.device(), n, totals.device(), totals.device() + 1);
      scale_and_ends(u.device(), n, ends.device());
    }
    accumulate_twice(a.device(), n, totals.device(), totals.device() + 1);
    print_summary((tag + ".totals").c_str(), totals);
    print_summary((tag + ".ends").c_str(), ends);
    print_summary((tag + ".u").c_str(), u);
  }
  return 0;
}
