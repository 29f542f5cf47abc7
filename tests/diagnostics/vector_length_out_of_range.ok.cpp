// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Powers of two that divide the loop's block: 1 (one thread per outer
// iteration, as without 'vector'), 16, 32, 1024 (the whole block).
#include <qd/atomic.h>

#pragma qd kernel
void histogram_rows(const int* pixels, unsigned* counts, int rows, int width, int bins)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(1)
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] = 0u;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(16)
        for (int x = 0; x < width; ++x)
            qd::atomic_add(&counts[r * bins + pixels[r * width + x] % bins], 1u);
    }

    #pragma qd loop block_dim(96)
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(32)
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] *= 2u;
    }

    #pragma qd loop block_dim(1024)
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(1024)
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] += 1u;
    }
}
