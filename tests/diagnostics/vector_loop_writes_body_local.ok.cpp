// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reduce into the body's locals; the reduced values are the group's after
// the vector loop. A member of a struct becomes a scalar local to reduce.
#include <algorithm>

#pragma qd kernel
void row_stats(const float* m, float* mean, float* var, int* nonzeros, float* span,
               int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float sum = 0.0f;
        float sum_sq = 0.0f;
        #pragma qd loop vector reduction(+: sum, sum_sq)
        for (int c = 0; c < cols; ++c) {
            const float v = m[r * cols + c];
            sum += v;
            sum_sq += v * v;
        }
        mean[r] = sum / cols;
        var[r] = sum_sq / cols - (sum / cols) * (sum / cols);
    }

    for (int r = 0; r < rows; ++r) {
        int count = 0;
        #pragma qd loop vector reduction(+: count)
        for (int c = 0; c < cols; ++c) {
            if (m[r * cols + c] != 0.0f)
                ++count;
        }
        nonzeros[r] = count;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            float v = m[r * cols + c];
            v = std::max(v, 0.0f);
            if (c == cols - 1)
                span[r] = v;
        }
    }

    for (int r = 0; r < rows; ++r) {
        const float lo = m[r * cols];
        float hi = lo;
        #pragma qd loop vector reduction(max: hi)
        for (int c = 1; c < cols; ++c)
            hi = std::max(hi, m[r * cols + c]);
        span[r] = hi - lo;
    }
}
