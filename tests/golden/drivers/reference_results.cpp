// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case reference_results (see driver_support.h).
// Calls each kernel with starting values that take part in the results,
// and prints what each handed back through its reference parameters.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {1, 300, 5000}) {
    Mirrored<double> q(n, [](std::size_t i) { return pattern(i, -1.0, 3.0); });
    Mirrored<double> out(1, [](std::size_t) { return 0.0; });
    double mass = 0.5, peak = -1.0e300, norm = 2.0, sum_a = 1.0;
    int above = -7;
    totals(q.device(), n, mass, peak);
    std::printf("n%d.totals mass %.17g peak %.17g\n", n, mass, peak);
    scale(q.device(), n, norm, true);
    std::printf("n%d.scale norm %.17g\n", n, norm);
    counts(q.device(), n, sum_a, above);
    std::printf("n%d.counts sum_a %.17g above %d\n", n, sum_a, above);
    both(q.device(), n, mass, peak, norm);
    std::printf("n%d.both mass %.17g peak %.17g norm %.17g\n", n, mass, peak,
                norm);
    both_graph(q.device(), n, mass, peak, norm, out.device());
    std::printf("n%d.both_graph mass %.17g peak %.17g norm %.17g\n", n, mass,
                peak, norm);
    int done = -1;
    relax(q.device(), n, 3, done);
    std::printf("n%d.relax done %d\n", n, done);
    print_summary(("n" + std::to_string(n) + ".q").c_str(), q);
    print_summary(("n" + std::to_string(n) + ".out").c_str(), out);
  }
  return 0;
}
