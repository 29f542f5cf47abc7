// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reductions with qd::atomic_add and qd::atomic_max in loop bodies: a histogram, a float sum,
// an integer maximum, and the old value returned by atomic_add used as a slot index.

#include <qd/atomic.h>

#pragma qd kernel
void analyse(const float* samples, int n, float lo, float hi, int bins,
             int* histogram, float* sum, int* max_bin_index, int* overflow_count,
             float* overflow_values)
{
    const float scale = bins / (hi - lo);
    sum[0] = 0.0f;
    max_bin_index[0] = -1;
    overflow_count[0] = 0;
    for (int b = 0; b < bins; ++b)
        histogram[b] = 0;
    for (int i = 0; i < n; ++i) {
        float s = samples[i];
        qd::atomic_add(sum, s);
        int bin = static_cast<int>((s - lo) * scale);
        if (bin < 0 || bin >= bins) {
            int slot = qd::atomic_add(overflow_count, 1);   // returns the old value
            overflow_values[slot] = s;
            continue;
        }
        qd::atomic_add(&histogram[bin], 1);
        qd::atomic_max(max_bin_index, bin);
    }
}
