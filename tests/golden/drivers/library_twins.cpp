// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case library_twins (see driver_support.h).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  for (int n : {1, 7, 3001}) {
    Mirrored<float> in(n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
    Mirrored<float> out(n), lowest(1);
    library_twins(in.device(), out.device(), lowest.device(), n);
    Mirrored<double> din(n, [](std::size_t i) { return pattern(i + 11, -3.0, 3.0); });
    Mirrored<double> largest(1);
    largest_of<double>(din.device(), largest.device(), n);
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 5, -2.0, 2.0); });
    Mirrored<float> lo(n), hi(n);
    compared(in.device(), b.device(), lo.device(), hi.device(), n);
    Mirrored<double> far(n);
    farthest<double>(din.device(), far.device(), n);
    const std::string name = "n" + std::to_string(n);
    print_summary((name + ".lo").c_str(), lo);
    print_summary((name + ".hi").c_str(), hi);
    print_summary((name + ".far").c_str(), far);
    print_summary((name + ".out").c_str(), out);
    print_summary((name + ".lowest").c_str(), lowest);
    print_summary((name + ".largest").c_str(), largest);
  }
  return 0;
}
