// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A vector length must be a power of two from 1 to 1024: groups of that many
// threads tile a block, and a block holds at most 1024 threads.
#include <qd/atomic.h>

#pragma qd kernel
void histogram_rows(const int* pixels, unsigned* counts, int rows, int width, int bins)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(0) // expected-error {{vector_length(0) is not a power of two from 1 to 1024; a group of that many threads shares each outer iteration, and groups tile the block}}
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] = 0u;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(48) // expected-error {{vector_length(48) is not a power of two from 1 to 1024}}
        for (int x = 0; x < width; ++x)
            qd::atomic_add(&counts[r * bins + pixels[r * width + x] % bins], 1u);
    }

    #pragma qd loop block_dim(96)
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(3) // expected-error {{vector_length(3) is not a power of two from 1 to 1024}}
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] *= 2u;
    }

    #pragma qd loop block_dim(1024)
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector vector_length(2048) // expected-error {{vector_length(2048) is not a power of two from 1 to 1024}}
        for (int b = 0; b < bins; ++b)
            counts[r * bins + b] += 1u;
    }
}
