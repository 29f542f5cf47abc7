// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One group of threads runs each iteration of the parallel loop, so all the
// vector loops of its body share the group's length; a loop without
// 'vector_length' has the default 32.
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
        #pragma qd loop vector vector_length(128) reduction(+: total) // expected-error {{this vector loop has vector_length(128), but an earlier vector loop of the same body has vector_length(64); one group of threads runs each outer iteration, so the vector loops of a body share one length}}
        for (int c = 0; c < cols; ++c)
            total += std::exp(logits[r * cols + c] - hi);
        #pragma qd loop vector // expected-error {{this vector loop has vector_length(32), but an earlier vector loop of the same body has vector_length(64); one group of threads runs each outer iteration, so the vector loops of a body share one length}}
        for (int c = 0; c < cols; ++c)
            probs[r * cols + c] = std::exp(logits[r * cols + c] - hi) / total;
    }
}
