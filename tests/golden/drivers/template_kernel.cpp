// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case template_kernel (see driver_support.h).
// Exercises every instantiation: the explicit axpy<float> and box_filter<float, 2>, and the
// implicit axpy<double> and box_filter<double, 3> through the host function update_double.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> xf(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> yf(n, [](std::size_t i) { return pattern(i + 1, 1.0, 2.0); });
  Mirrored<float> outf(n, [](std::size_t) { return -2.0; }); // ends: box_filter skips Radius each side
  axpy<float>(yf.device(), xf.device(), 0.5f, n);
  box_filter<float, 2>(yf.device(), outf.device(), n);
  print_summary("float.y", yf);
  print_summary("float.filtered", outf);

  const int nd = 9001;
  Mirrored<double> xd(nd, [](std::size_t i) { return pattern(i + 2, -1.0, 1.0); });
  Mirrored<double> yd(nd, [](std::size_t i) { return pattern(i + 3, 2.0, 3.0); });
  Mirrored<double> smoothed(nd, [](std::size_t) { return -3.0; });
  update_double(yd.device(), xd.device(), 0.25, nd, smoothed.device());
  print_summary("double.y", yd);
  print_summary("double.smoothed", smoothed);

  const int np = 300;
  for (int named = 0; named < 2; ++named) {
    Mirrored<Pair> pairs(np, [](std::size_t) { return Pair{0.0f, 0.0f}; });
    if (named)
      fill_pairs_named(pairs.device(), 1.5f, np);
    else
      fill_pairs(pairs.device(), 1.5f, np);
    pairs.download();
    std::vector<float> lo, hi;
    for (const Pair& p : pairs.host) {
      lo.push_back(p.lo);
      hi.push_back(p.hi);
    }
    print_summary(named ? "pairs_named.lo" : "pairs.lo", lo);
    print_summary(named ? "pairs_named.hi" : "pairs.hi", hi);
  }
  return 0;
}
