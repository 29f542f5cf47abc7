// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The launch shape of a parallel loop with an inner vector loop: each row of
// 'A' goes to a group of 32 threads, which share the loop over 'j'.
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n)
{
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, a group of 32 threads per iteration for its vector loops}}
        float t = 0;
        #pragma qd loop vector reduction(+: t)
        for (int j = 0; j < n; ++j) // expected-remark {{vector loop over 'j': a group is 32 neighbouring threads, which take neighbouring 'j'; 2 of the vector loops' accesses coalesce this way, against 1 if neighbouring threads took neighbouring 'i'}}
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
}
