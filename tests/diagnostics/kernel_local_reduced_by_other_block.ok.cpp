// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each block reduces into its own local of the kernel body; the work after
// the region's join reads both.
#pragma qd kernel
void norms(const float* a, const float* b, int n, float* out)
{
    float sum_a = 0.0f;
    float sum_b = 0.0f;
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: sum_a)
        for (int i = 0; i < n; ++i)
            sum_a += a[i];
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: sum_b)
        for (int i = 0; i < n; ++i)
            sum_b += b[i];
    }
    out[0] = sum_a + sum_b;
}
