// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case host_code_untouched (see driver_support.h).
// Exercises brighten directly and through host_pipeline (Fast and Accurate gains, the
// global call counter), plus the case's host-only helpers.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  Config cfg;
  cfg.width = 97;
  cfg.height = 83;
  const int pixels = cfg.width * cfg.height;
  Mirrored<float> image(pixels + 100, [](std::size_t i) { return pattern(i, 0.0, 0.9); });
  const Logger logger("driver");
  cfg.mode = Mode::Accurate;
  host_pipeline(image.device(), cfg, logger);   // gain 1.25 over width*height pixels
  cfg.mode = Mode::Fast;
  host_pipeline(image.device(), cfg, logger);   // gain 1.5
  brighten(image.device(), pixels + 100, 0.5f); // the whole buffer, tail included
  print_summary("image", image);
  std::printf("g_call_count %d\n", g_call_count);
  std::printf("kernel_calls %d\n", logger.count_kernel_calls({3, -1, 0, 7, 2}));
  std::printf("sum_host %g\n", sum_host(std::vector<double>{0.5, 1.25, 2.0}));
  std::printf("packed_header_size %d\n", static_cast<int>(sizeof(PackedHeader)));
  return 0;
}
