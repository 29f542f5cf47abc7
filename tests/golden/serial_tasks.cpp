// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Serial tasks: top-level statements that are neither parallel loops nor host scalars
// (assignments through pointers, an if on device data, a compound statement with a nested
// loop that runs serially (warning expected), a helper call) run once, in order.

inline float safe_div(float a, float b) { return b != 0.0f ? a / b : 0.0f; }

#pragma qd kernel
void finalize_bins(float* mean, float* summary, const float* sums, const int* counts, int nbins)
{
    summary[0] = 0.0f;                               // serial task
    summary[1] = 0.0f;                               // serial task

    for (int b = 0; b < nbins; ++b)                  // parallel loop
        mean[b] = safe_div(sums[b], static_cast<float>(counts[b]));

    if (counts[0] == 0) {                            // serial task: condition reads device data
        mean[0] = -1.0f;
    }

    {                                                // serial task containing a serial loop
        float total = 0.0f;
        int populated = 0;
        for (int b = 0; b < nbins; ++b) {
            total += mean[b];
            populated += counts[b] > 0 ? 1 : 0;
        }
        summary[0] = total;
        summary[1] = static_cast<float>(populated);
    }

    summary[2] = safe_div(summary[0], summary[1]);   // serial task calling a helper
}
