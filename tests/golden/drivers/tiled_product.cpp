// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case tiled_product (see driver_support.h).
// Sizes that the tiles (64x64, 128x128) and chunks (16 or 8 iterations) do
// not divide, with enough tiles that the default tiles on the fake device (4
// multiprocessors), the first size in 128x128 tiles (9 of them), the second
// in 64x64 tiles of 8x8 outputs per thread (2 of 128x128, 6 of 64x64); a nest of
// fewer tiles than multiprocessors (default: one output per thread;
// 'tile(on)': tiled); one row or one column (always one output per thread); empty nests and an empty product loop; and operands that
// alias, as the rules allow (each product reads one array twice); and a
// product through pointers to fixed-width rows. On a GPU the runtime counts
// 4 multiprocessors, as the fake device has, so that these sizes take the
// same tile shapes there, under compute-sanitizer too.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <qd/testing.h>

#include <string>

int main() {
  using namespace qd_driver;
  qd::testing::limit_multiprocessors(4);
  struct Size { int n, m, p; };
  for (const Size s : {Size{260, 270, 21}, Size{130, 100, 37}, Size{70, 3, 20}, Size{1, 90, 17},
                       Size{66, 1, 5}, Size{0, 40, 8}, Size{12, 9, 0}}) {
    const auto nm = std::size_t(s.n) * s.m, np = std::size_t(s.n) * s.p,
               pm = std::size_t(s.p) * s.m;
    Mirrored<float> a(np, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> b(pm, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<float> c(nm, [](std::size_t i) { return pattern(i + 5, 0.0, 1.0); });
    Mirrored<double> x(np, [](std::size_t i) { return pattern(i + 7, -2.0, 2.0); });
    Mirrored<double> y(pm, [](std::size_t i) { return pattern(i + 11, -2.0, 2.0); });
    Mirrored<double> z(nm, [](std::size_t i) { return pattern(i + 13, -1.0, 1.0); });
    Mirrored<float> d(nm, [](std::size_t i) { return pattern(i + 17, 0.0, 1.0); });
    Mirrored<float> w(pm, [](std::size_t i) { return pattern(i + 19, -0.5, 0.5); });
    Mirrored<float> e(nm, [](std::size_t i) { return pattern(i + 23, 0.0, 1.0); });
    tiled_product(s.n, s.m, s.p, a.device(), b.device(), c.device(), 1.5, -0.75,
                  x.device(), y.device(), z.device(), d.device(), w.device(),
                  e.device());
    const std::string size = "n" + std::to_string(s.n) + "m" + std::to_string(s.m) +
                             "p" + std::to_string(s.p) + ".";
    print_summary((size + "c").c_str(), c);
    print_summary((size + "z").c_str(), z);
    print_summary((size + "d").c_str(), d);
    print_summary((size + "e").c_str(), e);

    using Row = float[WIDTH];
    Mirrored<float> ra(std::size_t(s.n) * WIDTH, [](std::size_t i) { return pattern(i + 29, -1.0, 1.0); });
    Mirrored<float> rb(WIDTH * WIDTH, [](std::size_t i) { return pattern(i + 31, -1.0, 1.0); });
    Mirrored<float> rc(std::size_t(s.n) * WIDTH);
    tiled_product_rows(s.n, reinterpret_cast<const Row*>(ra.device()),
                       reinterpret_cast<const Row*>(rb.device()),
                       reinterpret_cast<Row*>(rc.device()));
    print_summary((size + "rows").c_str(), rc);
  }
  {
    // a * a, x * x^T: one array for the operands of each product.
    const int n = 70;
    const auto cells = std::size_t(n) * n;
    Mirrored<float> a(cells, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<double> x(cells, [](std::size_t i) { return pattern(i + 7, -2.0, 2.0); });
    Mirrored<float> c(cells), d(cells), e(cells);
    Mirrored<double> z(cells, [](std::size_t i) { return pattern(i + 13, -1.0, 1.0); });
    tiled_product(n, n, n, a.device(), a.device(), c.device(), 0.5, 2.0, x.device(),
                  x.device(), z.device(), d.device(), a.device(), e.device());
    print_summary("aliased.c", c);
    print_summary("aliased.z", z);
    print_summary("aliased.d", d);
    print_summary("aliased.e", e);
  }
  return 0;
}
