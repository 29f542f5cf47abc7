// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The locals that a parallel loop's body declares before a vector loop are
// held by every thread of the group, each with its own copy; a thread that
// changed its copy inside the vector loop would leave the others stale. Only
// a 'reduction' combines the threads' contributions into such a local.
// Locals declared inside the vector loop belong to one of its iterations,
// and may be written freely.
#include <algorithm>

struct Range { float lo; float hi; };

#pragma qd kernel
void row_stats(const float* m, float* mean, float* var, int* nonzeros, float* span,
               int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        float sum = 0.0f;
        float sum_sq = 0.0f;
        #pragma qd loop vector reduction(+: sum)
        for (int c = 0; c < cols; ++c) {
            const float v = m[r * cols + c];
            sum += v;
            sum_sq += v * v; // expected-error {{'sum_sq' is declared in the parallel loop's body before this vector loop, so the whole group of threads shares it; the vector loop may change it only through 'reduction(op: sum_sq)'; declare it inside the vector loop, or reduce into it}}
        }
        mean[r] = sum / cols;
        var[r] = sum_sq / cols - (sum / cols) * (sum / cols);
    }

    for (int r = 0; r < rows; ++r) {
        int count = 0;
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            if (m[r * cols + c] != 0.0f)
                ++count; // expected-error {{'count' is declared in the parallel loop's body before this vector loop, so the whole group of threads shares it; the vector loop may change it only through 'reduction(op: count)'; declare it inside the vector loop, or reduce into it}}
        }
        nonzeros[r] = count;
    }

    for (int r = 0; r < rows; ++r) {
        float last = 0.0f;
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            float v = m[r * cols + c];
            v = std::max(v, 0.0f);
            last = v; // expected-error {{'last' is declared in the parallel loop's body before this vector loop}}
        }
        span[r] = last;
    }

    for (int r = 0; r < rows; ++r) {
        Range range{m[r * cols], m[r * cols]};
        #pragma qd loop vector
        for (int c = 1; c < cols; ++c)
            range.hi = std::max(range.hi, m[r * cols + c]); // expected-error {{'range' is declared in the parallel loop's body before this vector loop}}
        span[r] = range.hi - range.lo;
    }

    // An element of a local array, a local reached through a reference, a
    // local whose address escapes: each changes a copy the group shares.
    for (int r = 0; r < rows; ++r) {
        float firsts[2] = {0.0f, 0.0f};
        #pragma qd loop vector
        for (int c = 0; c < 2; ++c)
            firsts[c] = m[r * cols + c]; // expected-error {{'firsts' is declared in the parallel loop's body before this vector loop}}
        span[r] = firsts[0] + firsts[1];
    }

    for (int r = 0; r < rows; ++r) {
        float peak = 0.0f;
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            float& p = peak; // expected-error {{'peak' is declared in the parallel loop's body before this vector loop}}
            p = std::max(p, m[r * cols + c]);
        }
        span[r] = peak;
    }

    for (int r = 0; r < rows; ++r) {
        float low = 0.0f;
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c) {
            float* q = &low; // expected-error {{'low' is declared in the parallel loop's body before this vector loop}}
            *q = std::min(*q, m[r * cols + c]);
        }
        span[r] = low;
    }
}
