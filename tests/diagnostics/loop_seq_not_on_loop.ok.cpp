// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The time loop the serial program repeats, marked 'seq': each step enqueues
// its loop.
#pragma qd kernel
void scale(float* a, int n, float s, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t)
        for (int i = 0; i < n; ++i)
            a[i] *= s;
}
