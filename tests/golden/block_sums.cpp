// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two stream_parallel blocks, each reducing into its own local of the kernel
// body: the results are device scalars of the call, which the block itself
// reads after its loop and the work after the region's join reads in order
// (a serial task, a parallel loop, a task in a host 'if').

#include <algorithm>

#pragma qd kernel
void block_sums(const float* a, const float* b, float* scaled, float* out, int n, bool report)
{
    float sum_a = 0.0f;
    float top_b = -1.0e30f;
    int above = 0;
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: sum_a)
        for (int i = 0; i < n; ++i)
            sum_a += a[i];
        out[0] = sum_a;
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(max: top_b) reduction(+: above)
        for (int i = 0; i < n; ++i) {
            top_b = std::max(top_b, b[i]);
            above += b[i] > 0.5f ? 1 : 0;
        }
    }
    out[1] = sum_a + top_b;
    for (int i = 0; i < n; ++i)
        scaled[i] = a[i] / top_b + static_cast<float>(above);
    if (report)
        out[2] = sum_a * static_cast<float>(above);
}
