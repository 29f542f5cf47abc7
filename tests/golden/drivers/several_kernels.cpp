// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case several_kernels (see driver_support.h).
// Exercises the counting-sort pipeline through counting_sort (clear_counts, count_keys,
// exclusive_scan, scatter_by_key in sequence), twice with different keys and bucket counts
// on the same buffers. scatter_by_key hands out the slots of a bucket with atomic_add, so on
// a GPU the indices within one bucket come in any order (the serial build gives a stable
// sort): the driver summarises the sorted keys, and each bucket's indices after sorting them.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <algorithm>
#include <string>

int main() {
  using namespace qd_driver;
  const int n = 12345, max_buckets = 53;
  Mirrored<int> sorted_index(n, [](std::size_t) { return -1; });
  Mirrored<int> counts(max_buckets, [](std::size_t) { return -3; });
  Mirrored<int> offsets(max_buckets, [](std::size_t) { return -4; });
  Mirrored<int> cursor(max_buckets, [](std::size_t) { return -5; });

  auto run = [&](const char* tag, int buckets, std::size_t salt) {
    Mirrored<int> keys(n, [=](std::size_t i) { return static_cast<int>(pattern(i + salt) * buckets); });
    counting_sort(sorted_index.device(), counts.device(), offsets.device(), cursor.device(),
                  keys.device(), n, buckets);
    const std::string t = tag;
    print_summary((t + ".counts").c_str(), counts);
    print_summary((t + ".offsets").c_str(), offsets);
    print_summary((t + ".cursor").c_str(), cursor);
    sorted_index.download();
    std::vector<int> sorted_keys(n);
    for (int j = 0; j < n; ++j)
      sorted_keys[j] = keys.host[sorted_index.host[j]];
    print_summary((t + ".sorted_keys").c_str(), sorted_keys);
    std::vector<int> canonical = sorted_index.host;
    for (int b = 0; b < buckets; ++b)
      std::sort(canonical.begin() + offsets.host[b], canonical.begin() + cursor.host[b]);
    print_summary((t + ".sorted_index").c_str(), canonical);
  };
  run("first", 37, 0);
  run("second", max_buckets, 1000);
  return 0;
}
