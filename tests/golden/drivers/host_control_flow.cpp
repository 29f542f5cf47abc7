// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case host_control_flow (see driver_support.h).
// Runs advect with every boundary kind, with and without smoothing, with an
// odd and an even number of steps (so the swapped buffers end either way
// round), and with steps past the skipped step 3 and past the 'break'.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int n = 2053;
  const Boundary kinds[] = {Boundary::Periodic, Boundary::Clamped, Boundary::Zero};
  const char* names[] = {"periodic", "clamped", "zero"};
  for (int k = 0; k < 3; ++k) {
    for (int steps : {0, 5, 8}) {
      for (bool smooth : {false, true}) {
        Mirrored<float> u(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
        Mirrored<float> scratch(n, [](std::size_t i) { return pattern(i + 3, 0.0, 2.0); });
        Mirrored<float> smoothed(n, [](std::size_t i) { return pattern(i + 5); });
        advect(u.device(), scratch.device(), smoothed.device(), n, steps, 0.25f, kinds[k], smooth);
        char name[64];
        std::snprintf(name, sizeof name, "%s.steps%d.smooth%d", names[k], steps, smooth ? 1 : 0);
        print_summary((std::string(name) + ".u").c_str(), u);
        print_summary((std::string(name) + ".scratch").c_str(), scratch);
        print_summary((std::string(name) + ".smoothed").c_str(), smoothed);
      }
    }
  }
  return 0;
}
