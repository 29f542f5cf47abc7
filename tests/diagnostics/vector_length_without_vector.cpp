// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'vector_length' sizes the groups of threads that share a vector loop; on
// its own it does nothing, so 'vector' was probably forgotten.
#pragma qd kernel
void dot_rows(const float* a, const float* b, float* dots, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector_length(64) reduction(+: dot) // expected-error {{'vector_length' needs 'vector': write '#pragma qd loop vector vector_length(N)' on a loop inside a parallel loop's body}}
        for (int c = 0; c < cols; ++c)
            dot += a[r * cols + c] * b[r * cols + c];
        dots[r] = dot;
    }

    // On the parallel loop itself.
    #pragma qd loop block_dim(128) vector_length(32) // expected-error {{'vector_length' needs 'vector'}}
    for (int r = 0; r < rows; ++r)
        dots[r] *= 0.5f;
}
