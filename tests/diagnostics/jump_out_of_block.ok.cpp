// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Leave the loop before the region starts.
#pragma qd kernel
void sweep(float* a, float* b, int n, int steps, int stop)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        if (t == stop)
            break;
        #pragma qd stream_parallel
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
        #pragma qd stream_parallel
        for (int i = 0; i < n; ++i)
            b[i] += 1.0f;
    }
}
