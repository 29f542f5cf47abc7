// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'vector vector_length(N)' on the inner loop; the parallel loop takes
// 'block_dim'.
#pragma qd kernel
void dot_rows(const float* a, const float* b, float* dots, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector vector_length(64) reduction(+: dot)
        for (int c = 0; c < cols; ++c)
            dot += a[r * cols + c] * b[r * cols + c];
        dots[r] = dot;
    }

    #pragma qd loop block_dim(128)
    for (int r = 0; r < rows; ++r)
        dots[r] *= 0.5f;
}
