// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case type_spellings (see driver_support.h). Integer
// values, so every build's results are exact.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 70, m = 45, p = 33;
  Mirrored<signed char> a(n * p, [](std::size_t i) { return static_cast<int>(i % 23) - 11; });
  Mirrored<unsigned short> b(p * m, [](std::size_t i) { return 1000 + i % 37; });
  Mirrored<long long> c(n * m);
  spelled_product(n, m, p, a.device(), b.device(), c.device());
  print_summary("c", c);

  const int h = 300, w = 129;
  Mirrored<unsigned short> in(h * w, [](std::size_t i) { return i % 1009; });
  Mirrored<long long> out(h * w);
  Mirrored<unsigned long long> total(1);
  spelled_sums(h, w, in.device(), out.device(), total.device());
  spelled_sums(h, w, in.device(), out.device(), total.device());
  print_summary("out", out);
  print_summary("total", total);
  return 0;
}
