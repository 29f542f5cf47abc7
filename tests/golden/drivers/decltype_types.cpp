// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case decltype_types (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  // Multiples of 1/8, halved and shifted a few times: exact in any order.
  auto eighths = [](std::size_t i) { return static_cast<double>(i % 17) / 8.0 - 1.0; };
  for (int n : {0, 1, 1001}) {
    Mirrored<float> x(n + 1, eighths), y(n + 1), z(n + 1);
    march(x.device(), y.device(), z.device(), n, 3, 0.25f);
    Mirrored<float> out(n + 1);
    weigh(x.device(), out.device(), n);
    Mirrored<double> d(n + 1, eighths), total(1);
    scale_sum<double>(d.device(), 0.5, n, total.device());
    const std::string name = "n" + std::to_string(n);
    print_summary((name + ".x").c_str(), x);
    print_summary((name + ".y").c_str(), y);
    print_summary((name + ".z").c_str(), z);
    print_summary((name + ".out").c_str(), out);
    print_summary((name + ".d").c_str(), d);
    print_summary((name + ".total").c_str(), total);
  }
  return 0;
}
