// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// y = A^T x on a row-major matrix: the vector loop runs down a column, so a
// group of neighbouring threads would read a row apart; instead neighbouring
// threads take neighbouring columns, and the block grows to 1024 threads so
// that a warp reads 32 of them.
#pragma qd kernel
void gemv_t(float* y, const float* A, const float* x, int n)
{
    for (int j = 0; j < n; ++j) { // expected-remark {{parallel loop over 'j': blocks of 1024 threads on the GPU, a group of 32 threads per iteration for its vector loops}}
        float t = 0;
        #pragma qd loop vector reduction(+: t)
        for (int i = 0; i < n; ++i) // expected-remark {{vector loop over 'i': neighbouring threads take neighbouring 'j', and the 32 threads of a group are 32 apart; 2 of the vector loops' accesses coalesce this way, against 1 if a group were 32 neighbouring threads}}
            t += A[i * n + j] * x[i];
        y[j] = t;
    }
}
