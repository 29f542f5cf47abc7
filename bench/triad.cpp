// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// STREAM triad as a qd kernel: the translated loop whose bandwidth
// bench/triad_bench.cu compares with hand-tuned CUDA and cudaMemcpy.
#pragma qd kernel
void triad(float* a, const float* b, const float* c, float s, long long n) {
  for (long long i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}
