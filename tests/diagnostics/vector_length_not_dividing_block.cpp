// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Groups of vector_length threads tile the block of the parallel loop, so
// the vector length (32 without 'vector_length') must divide its block size:
// the loop's 'block_dim', else the kernel's, else 256.
#pragma qd kernel
void spmv_ell(const float* values, const int* columns, const float* x, float* y,
              int rows, int width)
{
    #pragma qd loop block_dim(48)
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector reduction(+: dot) // expected-error {{vector_length(32) does not fit the block of 48 threads of this parallel loop: groups of 32 threads must tile it; use a power of two that divides 48, or change 'block_dim'}}
        for (int k = 0; k < width; ++k)
            dot += values[r * width + k] * x[columns[r * width + k]];
        y[r] = dot;
    }

    #pragma qd loop block_dim(32)
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector vector_length(64) reduction(+: dot) // expected-error {{vector_length(64) does not fit the block of 32 threads of this parallel loop: groups of 64 threads must tile it; use a power of two that divides 32, or change 'block_dim'}}
        for (int k = 0; k < width; ++k)
            dot += values[r * width + k] * x[columns[r * width + k]];
        y[r] += dot;
    }
}

#pragma qd kernel block_dim(64)
void scale_ell(float* values, const float* row_scale, int rows, int width)
{
    // The kernel's block_dim(64) applies.
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(128) // expected-error {{vector_length(128) does not fit the block of 64 threads of this parallel loop}}
        for (int k = 0; k < width; ++k)
            values[r * width + k] *= row_scale[r];
    }
}

#pragma qd kernel
void clear_ell(float* values, int* columns, int rows, int width)
{
    // The default block of 256 threads.
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(512) // expected-error {{vector_length(512) does not fit the block of 256 threads of this parallel loop}}
        for (int k = 0; k < width; ++k) {
            values[r * width + k] = 0.0f;
            columns[r * width + k] = 0;
        }
    }
}
