// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case helper_functions (see driver_support.h).
// Exercises shade, which calls the file's helpers (smoothstep -> clamp01, horner's own loop,
// lerp<float>, a lambda), with depths on both sides of the fog range so clamp01 clamps; and
// amplify<3>, whose helper is a static member of a class template.
// shade_and_report is not called: its host print_summary reads the kernel's output through
// the device pointer, which only works where device memory is host memory.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int n = 10007;
  Mirrored<float> depth(n, [](std::size_t i) { return pattern(i, 0.0, 12.0); });
  Mirrored<float> coeffs(4, [](std::size_t i) { return 0.5 - 0.25 * static_cast<double>(i); });
  Mirrored<float> out(n);
  shade(out.device(), depth.device(), coeffs.device(), 3, n, 1.0f, 10.0f);
  print_summary("out.degree3", out);
  shade(out.device(), depth.device(), coeffs.device(), 1, n, 2.0f, 8.0f);
  print_summary("out.degree1", out);
  amplify<3>(out.device(), depth.device(), n);
  print_summary("out.amplified", out);
  return 0;
}
