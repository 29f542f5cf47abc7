// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Give every vector loop of the body the same length (or none, for 32 each).
#include <algorithm>
#include <cmath>

#pragma qd kernel
void softmax_rows(const float* logits, float* probs, int rows, int cols)
{
    #pragma qd loop block_dim(128)
    for (int r = 0; r < rows; ++r) {
        float hi = -1e30f;
        #pragma qd loop vector vector_length(64) reduction(max: hi)
        for (int c = 0; c < cols; ++c)
            hi = std::max(hi, logits[r * cols + c]);
        float total = 0.0f;
        #pragma qd loop vector vector_length(64) reduction(+: total)
        for (int c = 0; c < cols; ++c)
            total += std::exp(logits[r * cols + c] - hi);
        #pragma qd loop vector vector_length(64)
        for (int c = 0; c < cols; ++c)
            probs[r * cols + c] = std::exp(logits[r * cols + c] - hi) / total;
    }
}
