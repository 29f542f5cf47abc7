// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case coarsen (see driver_support.h).
// Sizes that no row count divides, a size large enough that the default
// coarsens on the fake device (and on a GPU), and empty nests; each run
// twice, the second time through the coarsened kernels' 64-bit
// instantiations, which only nests of 2^31 iterations reach otherwise. On a
// GPU the runtime counts 4 multiprocessors, as the fake device has, so that
// the default coarsens the same nests there.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <qd/testing.h>

#include <string>

int main() {
  using namespace qd_driver;
  qd::testing::limit_multiprocessors(4);
  for (const bool wide : {false, true})
  for (const int h : {37, 2, 203}) {
    qd::testing::limit_32bit_index(wide ? 0 : ~0ull);
    const int w = h == 203 ? 211 : 29;
    const int nz = 7, ny = h == 2 ? 2 : 11, nx = 13;
    Mirrored<float> in(std::size_t(h) * w, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> out(std::size_t(h) * w, [](std::size_t i) { return pattern(i + 3, 0.0, 1.0); });
    Mirrored<float> k(9, [](std::size_t i) { return pattern(i + 7, -0.5, 0.5); });
    Mirrored<float> acc(std::size_t(h) * w, [](std::size_t i) { return pattern(i + 11, 0.0, 4.0); });
    Mirrored<double> u(std::size_t(nz) * ny * nx, [](std::size_t i) { return pattern(i + 13, -2.0, 2.0); });
    Mirrored<double> v(std::size_t(nz) * ny * nx, [](std::size_t i) { return pattern(i + 17, 0.0, 1.0); });
    Mirrored<double> totals(3, [](std::size_t) { return 0.0; });
    coarsen(h, w, in.device(), out.device(), k.device(), acc.device(), nz, ny, nx,
            u.device(), v.device(), totals.device());
    const std::string size = std::string(wide ? "wide." : "") + "h" + std::to_string(h) + ".";
    print_summary((size + "out").c_str(), out);
    print_summary((size + "acc").c_str(), acc);
    print_summary((size + "v").c_str(), v);
    print_summary((size + "totals").c_str(), totals);
  }
  return 0;
}
