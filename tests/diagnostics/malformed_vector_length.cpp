// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'vector_length' without parentheses, or with something other than an
// integer literal: a parameter, an expression, nothing at all.
#include <algorithm>

#pragma qd kernel
void row_sums(const float* m, float* sums, int rows, int cols, int lanes)
{
    for (int r = 0; r < rows; ++r) {
        float s = 0.0f;
        #pragma qd loop vector vector_length 32 reduction(+: s) // expected-error {{malformed 'vector_length' clause; write 'vector_length(N)' with an integer literal N, a power of two}}
        for (int c = 0; c < cols; ++c)
            s += m[r * cols + c];
        sums[r] = s;
    }

    for (int r = 0; r < rows; ++r) {
        float hi = -1e30f;
        #pragma qd loop vector vector_length(lanes) reduction(max: hi) // expected-error {{malformed 'vector_length' clause}}
        for (int c = 0; c < cols; ++c)
            hi = std::max(hi, m[r * cols + c]);
        sums[r] = hi;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(2 * 16) // expected-error {{malformed 'vector_length' clause}}
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 0.0f;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length() // expected-error {{malformed 'vector_length' clause}}
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 1.0f;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(64 // expected-error {{malformed 'vector_length' clause}}
        for (int c = 0; c < cols; ++c)
            sums[r * cols + c] = 2.0f;
    }
}
