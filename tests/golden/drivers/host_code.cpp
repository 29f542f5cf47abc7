// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case host_code (see driver_support.h).
// Calls solve, then solve_twice (graph mode: its host code is captured), with
// and without 'loop seq' iterations, then mirror ('reuse') with the same
// count three times, half of it twice and the whole again, then fallback
// (host code as an 'else' branch) both ways, on the default stream: the serial build
// has no stream entry points. Besides the arrays it prints where the host
// code ran: at the top level on the launch stream (in graph mode on a
// stream of its own), in each block on the block's own stream (on the
// serial and cpu builds every stream is the default one; the fake device's
// are distinct objects).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>

int main() {
  using namespace qd_driver;
  const int n = 1500;
  for (int steps : {0, 3}) {
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
    Mirrored<float> b(n, [](std::size_t i) { return pattern(i + 5); });
    Mirrored<float> c(n);
    qd::StreamRef seen[9];
    solve(a.device(), b.device(), c.device(), n, steps, seen);
    solve_twice(a.device(), b.device(), c.device(), n, steps, seen + 3);
    const char* tag = steps == 0 ? "zero" : "three";
    std::string name = tag;
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".b").c_str(), b);
    print_summary((name + ".c").c_str(), c);
    // Streams are handles only where there is a device.
    const qd::Stream probe;
    const bool gpu = !probe.ref().is_default();
    // In stream mode (solve, called on the default stream) top-level host
    // code runs on the launch stream and each block's on the block's own
    // stream. In graph mode (solve_twice; every call when the cases are
    // translated with --graphs, QD_GOLDEN_GRAPHS) every statement runs on a
    // stream the call captures, never the launch stream.
#if defined(QD_GOLDEN_GRAPHS)
    const int stream_mode_calls = 0;
#else
    const int stream_mode_calls = 1;
#endif
    bool top = true, own = true;
    for (int call = 0; call < 3; ++call) {
      const qd::StreamRef t = seen[3 * call], b1 = seen[3 * call + 1], b2 = seen[3 * call + 2];
      if (call < stream_mode_calls) {
        top &= t.is_default();
        own &= !gpu || (b1 != t && b2 != t && b1 != b2 && !b1.is_default());
      } else {
        top &= !gpu || !t.is_default();
        own &= !gpu || (!b1.is_default() && !b2.is_default());
      }
    }
    std::printf("%s.top_on_launch_stream %d\n", tag, top);
    std::printf("%s.blocks_on_own_streams %d\n", tag, own);
  }
  {
    // mirror's copy, reused by the calls with the same arguments.
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 2, -1.0, 1.0); });
    Mirrored<float> c(n);
    int call = 0;
    for (int count : {n, n, n, n / 2, n / 2, n}) {
      mirror(a.device(), c.device(), count);
      const std::string name = "mirror" + std::to_string(call++);
      print_summary((name + ".a").c_str(), a);
      print_summary((name + ".c").c_str(), c);
    }
  }
  for (int on_device : {1, 0}) {
    // fallback: device work in one branch, host code in the other.
    Mirrored<float> a(n, [](std::size_t i) { return pattern(i + 3, -1.0, 1.0); });
    Mirrored<float> c(n, [](std::size_t i) { return pattern(i + 4); });
    fallback(a.device(), c.device(), n, on_device);
    const std::string name = on_device ? "fallback_device" : "fallback_host";
    print_summary((name + ".a").c_str(), a);
    print_summary((name + ".c").c_str(), c);
  }
  return 0;
}
