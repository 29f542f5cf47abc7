// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case host_results (see driver_support.h).
// Calls totals and normalize directly, then step, which calls both, and
// prints what each handed back through its reference parameters.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {1, 300, 5000}) {
    Mirrored<double> q(n, [](std::size_t i) { return pattern(i, -1.0, 3.0); });
    double mass = -1.0, peak = -1.0, sum_before = -1.0;
    int calls = 0;
    totals(q.device(), n, mass, peak, calls);
    std::printf("n%d.totals mass %.17g peak %.17g calls %d\n", n, mass, peak, calls);
    normalize(q.device(), n, sum_before);
    std::printf("n%d.normalize sum_before %.17g\n", n, sum_before);
    step(q.device(), n, mass, peak, calls, sum_before);
    std::printf("n%d.step mass %.17g peak %.17g calls %d sum_before %.17g\n", n,
                mass, peak, calls, sum_before);
    print_summary(("n" + std::to_string(n) + ".q").c_str(), q);
  }
  return 0;
}
