// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A float sum and a float max as qd kernels: the translated reductions whose
// bandwidth bench/reduce_bench.cu compares with cub::DeviceReduce::Sum and
// cub::DeviceReduce::Max. Each stores its result to out[0] in a serial task.
#include <algorithm>

#pragma qd kernel
void reduce_sum(const float* a, long long n, float* out) {
  float total = 0.0f;
  #pragma qd loop reduction(+: total)
  for (long long i = 0; i < n; ++i)
    total += a[i];
  out[0] = total;
}

#pragma qd kernel
void reduce_max(const float* a, long long n, float* out) {
  float hi = -3.402823466e38f; // -FLT_MAX; the data is finite
  #pragma qd loop reduction(max: hi)
  for (long long i = 0; i < n; ++i)
    hi = std::max(hi, a[i]);
  out[0] = hi;
}
