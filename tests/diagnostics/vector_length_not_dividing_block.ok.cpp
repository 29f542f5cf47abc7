// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A vector length that divides the block, or a block that the vector length
// divides.
#pragma qd kernel
void spmv_ell(const float* values, const int* columns, const float* x, float* y,
              int rows, int width)
{
    #pragma qd loop block_dim(48)
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector vector_length(16) reduction(+: dot)
        for (int k = 0; k < width; ++k)
            dot += values[r * width + k] * x[columns[r * width + k]];
        y[r] = dot;
    }

    #pragma qd loop block_dim(128)
    for (int r = 0; r < rows; ++r) {
        float dot = 0.0f;
        #pragma qd loop vector vector_length(64) reduction(+: dot)
        for (int k = 0; k < width; ++k)
            dot += values[r * width + k] * x[columns[r * width + k]];
        y[r] += dot;
    }
}

#pragma qd kernel block_dim(64)
void scale_ell(float* values, const float* row_scale, int rows, int width)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(64)
        for (int k = 0; k < width; ++k)
            values[r * width + k] *= row_scale[r];
    }
}

#pragma qd kernel
void clear_ell(float* values, int* columns, int rows, int width)
{
    #pragma qd loop block_dim(512)
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(512)
        for (int k = 0; k < width; ++k) {
            values[r * width + k] = 0.0f;
            columns[r * width + k] = 0;
        }
    }
}
