// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A row sum of a row-major matrix: a group of 16 neighbouring threads shares
// each row, so neighbouring threads read neighbouring elements of it.
#pragma qd kernel
void row_sums(float* sums, const float* A, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) { // expected-remark {{parallel loop over 'r': blocks of 256 threads on the GPU, a group of 16 threads per iteration for its vector loops}}
        float s = 0;
        #pragma qd loop vector vector_length(16) reduction(+: s)
        for (int c = 0; c < cols; ++c) // expected-remark {{vector loop over 'c': a group is 16 neighbouring threads, which take neighbouring 'c'; 1 of the vector loops' accesses coalesce this way, against 0 if neighbouring threads took neighbouring 'r'}}
            s += A[r * cols + c];
        sums[r] = s;
    }
}
