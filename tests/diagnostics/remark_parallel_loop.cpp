// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// With '--remarks', each parallel loop reports how it is launched on the GPU:
// its block size, and one iteration per thread (a grid-stride loop covers
// what the grid does not). Neighbouring threads take neighbouring 'i', so
// 'x[i]' and 'y[i]' coalesce and 'a[0]' (the same element for every thread)
// is a broadcast: no remark for them.
#pragma qd kernel
void saxpy(float* y, const float* x, const float* a, int n)
{
    #pragma qd loop block_dim(128)
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 128 threads on the GPU, one iteration per thread}}
        y[i] = a[0] * x[i] + y[i];
}
