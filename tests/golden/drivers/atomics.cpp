// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case atomics (see driver_support.h).
// Exercises analyse twice on the same outputs (the kernel resets them): the histogram, the
// float atomic sum, atomic_max of the bin index and the overflow slots from atomic_add's
// return value. Samples are multiples of 1/16 with a small total, so every partial float sum
// is exact and the atomic sum does not depend on the order of the additions. The order of
// overflow_values does depend on it (slots go to whichever thread comes first), so the
// driver sorts the filled slots before summarising them.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <algorithm>
#include <string>

int main() {
  using namespace qd_driver;
  const int n = 5003;
  Mirrored<float> samples(n, [](std::size_t i) {
    return static_cast<int>(pattern(i) * 160) / 16.0 - 3.0; // k/16 in [-3, 7)
  });
  const int max_bins = 40;
  Mirrored<int> histogram(max_bins, [](std::size_t) { return -5; });
  Mirrored<float> sum(1, [](std::size_t) { return 123.0; });
  Mirrored<int> max_bin_index(1, [](std::size_t) { return 99; });
  Mirrored<int> overflow_count(1, [](std::size_t) { return 77; });
  Mirrored<float> overflow_values(n, [](std::size_t) { return 0.0; });

  auto run = [&](const char* tag, float lo, float hi, int bins) {
    analyse(samples.device(), n, lo, hi, bins, histogram.device(), sum.device(),
            max_bin_index.device(), overflow_count.device(), overflow_values.device());
    const std::string t = tag;
    print_summary((t + ".histogram").c_str(), histogram);
    print_summary((t + ".sum").c_str(), sum);
    print_summary((t + ".max_bin_index").c_str(), max_bin_index);
    print_summary((t + ".overflow_count").c_str(), overflow_count);
    overflow_values.download();
    std::vector<float> filled(overflow_values.host.begin(),
                              overflow_values.host.begin() + overflow_count.host[0]);
    std::sort(filled.begin(), filled.end());
    print_summary((t + ".overflow_values").c_str(), filled);
  };
  run("wide", -2.0f, 6.0f, 32);  // scale 4: samples below -2 and from 6 up overflow
  run("narrow", 0.0f, 5.0f, 40); // scale 8, more overflows; bins beyond 32 now used
  return 0;
}
