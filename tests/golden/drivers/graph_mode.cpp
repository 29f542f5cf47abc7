// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case graph_mode (see driver_support.h).
// Calls each graph-mode kernel repeatedly with changing pointers and trip
// counts: repeated shapes reuse a cached graph with new arguments, an empty
// loop or a different grid is a new shape, and an all-empty call enqueues
// nothing. Every call's results are kept apart, so a call that used another
// call's arguments shows.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 3001;
  const int sizes[] = {n, n, 1000, 0, 1, n, 257, 1000, n};
  const int calls = sizeof(sizes) / sizeof(sizes[0]);
  Mirrored<float> a(n, [](std::size_t i) { return pattern(i, -2.0, 2.0); });
  Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 5, -2.0, 2.0); });
  Mirrored<float> y(n, [](std::size_t i) { return pattern(i + 1, -1.0, 1.0); });
  Mirrored<float> z(n), sq(n);
  Mirrored<float> summary(2 * calls, [](std::size_t) { return -7.0; });
  for (int c = 0; c < calls; ++c) {
    float* x = c % 3 == 1 ? b.device() : a.device();
    step(x, y.device(), z.device(), sq.device(), sizes[c], 0.125f, summary.device() + 2 * c);
  }
  print_summary("step.a", a);
  print_summary("step.b", b);
  print_summary("step.y", y);
  print_summary("step.z", z);
  print_summary("step.sq", sq);
  print_summary("step.summary", summary);

  const int h = 40, w = 50;
  Mirrored<float> in(std::size_t(h) * w, [](std::size_t i) { return pattern(i + 9, 0.0, 4.0); });
  Mirrored<float> out1(std::size_t(h) * w), out2(std::size_t(h) * w);
  Mirrored<float> edge1(h + w), edge2(h + w);
  const int shapes[][2] = {{h, w}, {h, w}, {0, 0}, {1, 5}, {h, 7}, {h, w}};
  int k = 0;
  for (const auto& s : shapes) {
    const bool first = k++ % 2 == 0;
    stencil(in.device(), (first ? out1 : out2).device(), (first ? edge1 : edge2).device(),
            s[0], s[1]);
  }
  print_summary("stencil.out1", out1);
  print_summary("stencil.out2", out2);
  print_summary("stencil.edge1", edge1);
  print_summary("stencil.edge2", edge2);

  Mirrored<float> vf(n, [](std::size_t i) { return pattern(i + 2, 1.0, 2.0); });
  Mirrored<double> vd(n, [](std::size_t i) { return pattern(i + 3, 1.0, 2.0); });
  for (int c = 0; c < calls; ++c) {
    scale<float>(vf.device(), sizes[c], 1.5f);
    scale<double>(vd.device(), sizes[(c + 1) % calls], 0.75);
  }
  print_summary("scale.float", vf);
  print_summary("scale.double", vd);
  return 0;
}
