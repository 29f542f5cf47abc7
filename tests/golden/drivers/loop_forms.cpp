// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case loop_forms (see driver_support.h).
// Exercises every loop form with bounds that differ from each other: <, <= (inclusive last),
// non-zero begins, unsigned / long long / size_t / int64_t counters, host-scalar bounds.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const unsigned n = 10007;
  const long long big_n = 9001;      // b[1 .. big_n-1]
  const std::size_t count = 8191;    // b[0 .. count-1]
  const int first = 123, last = 4567; // a[first .. last], c[first+2 .. last-2], a[2 .. 2*first+1]
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<double> b(n, [](std::size_t i) { return pattern(i + 1, 10.0, 20.0); });
  Mirrored<int> c(n, [](std::size_t i) { return static_cast<int>(pattern(i + 2) * 1000) + 1; });
  loop_forms(a.device(), b.device(), c.device(), n, big_n, count, first, last);
  print_summary("a", a);
  print_summary("b", b);
  print_summary("c", c);
  return 0;
}
