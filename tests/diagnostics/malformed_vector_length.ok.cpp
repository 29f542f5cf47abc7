// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write an integer literal in parentheses; a macro that expands to one
// works too. The group size is fixed when the code is generated.
#include <algorithm>

#define ROW_LANES 64

#pragma qd kernel
void row_sums(const float* m, float* sums, int rows, int cols, int lanes)
{
    for (int r = 0; r < rows; ++r) {
        float s = 0.0f;
        #pragma qd loop vector vector_length(32) reduction(+: s)
        for (int c = 0; c < cols; ++c)
            s += m[r * cols + c];
        sums[r] = s;
    }

    for (int r = 0; r < rows; ++r) {
        float hi = -1e30f;
        #pragma qd loop vector vector_length(ROW_LANES) reduction(max: hi)
        for (int c = 0; c < cols; ++c)
            hi = std::max(hi, m[r * cols + c]);
        sums[r] = hi;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(32)
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 0.0f;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 1.0f;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(64)
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 2.0f;
    }
}
