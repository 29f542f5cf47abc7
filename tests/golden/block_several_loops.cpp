// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Blocks with several statements each: host scalars local to a block, several parallel loops
// and a serial task, in order on the block's own stream, while the two blocks run concurrently
// (normalise the rows of a matrix; turn a histogram into a density and a normalised CDF).

#include <cmath>

#pragma qd kernel
void prepare_inputs(float* matrix, float* row_norm, int rows, int cols,
                    const int* counts, float* density, float* cdf, float* total, int bins,
                    float bin_width)
{
    #pragma qd stream_parallel
    {
        const int elements = rows * cols;
        const float eps = 1e-12f;
        for (int r = 0; r < rows; ++r) {               // parallel over rows, serial over columns
            float sum_sq = 0.0f;
            for (int c = 0; c < cols; ++c)
                sum_sq += matrix[r * cols + c] * matrix[r * cols + c];
            row_norm[r] = sqrtf(sum_sq + eps);
        }
        for (int e = 0; e < elements; ++e)             // parallel over all elements
            matrix[e] /= row_norm[e / cols];
    }
    #pragma qd stream_parallel
    {
        const float inv_width = 1.0f / bin_width;
        for (int b = 0; b < bins; ++b)
            density[b] = static_cast<float>(counts[b]) * inv_width;
        {                                              // serial task: running sum
            float acc = 0.0f;
            for (int b = 0; b < bins; ++b) {
                acc += density[b] * bin_width;
                cdf[b] = acc;
            }
            total[0] = acc;
        }
        for (int b = 0; b < bins; ++b)
            cdf[b] = total[0] > 0.0f ? cdf[b] / total[0] : 0.0f;
    }
}
