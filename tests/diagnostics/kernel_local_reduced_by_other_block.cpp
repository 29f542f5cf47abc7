// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A block may reduce into a local of the kernel body; the other blocks of its
// region run at the same time, so they may not use that local.
#pragma qd kernel
void norms(const float* a, const float* b, int n, float* out)
{
    float sum_a = 0.0f;
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: sum_a) // expected-note {{'sum_a' becomes the result of this reduction}}
        for (int i = 0; i < n; ++i)
            sum_a += a[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[i] = b[i] / sum_a; // expected-error {{'sum_a' is reduced into by another stream_parallel block of this region, which runs at the same time, so this use would race with it; use 'sum_a' after the region, or reduce into a local of that block}}
    }
}
