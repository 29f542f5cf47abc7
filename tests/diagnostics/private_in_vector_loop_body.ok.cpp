// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Declare the local inside the loop body, where the vector group shares it.
#pragma qd kernel
void row_scale(const float* a, float* out, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float scale = 1.0f / cols;
        float sum = 0.0f;
        #pragma qd loop vector reduction(+: sum)
        for (int c = 0; c < cols; ++c)
            sum += a[r * cols + c];
        out[r] = sum * scale;
    }
}
