// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// y = A x with one row per thread: in each step of the loop over 'j',
// neighbouring threads read 'A' a whole row apart, so every load of a warp
// touches 32 different cache lines. Making the loop over 'j' an inner vector
// loop gives each row to a group of threads that read neighbouring 'j'
// together; its sum into 't' becomes the loop's 'reduction'.
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n)
{
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        float t = 0;
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j]; // expected-remark {{'A[i * n + j]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector reduction(+: t)' loop so that neighbouring threads take neighbouring 'j'}}
        y[i] = t;
    }
}
