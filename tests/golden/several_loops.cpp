// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Several consecutive parallel loops in one kernel; each loop reads what the previous one wrote,
// so they must run in program order on the launch stream.

#pragma qd kernel
void smooth_and_residual(const float* in, float* padded, float* smooth, float* residual, int n)
{
    // 1. copy into a buffer with one clamped ghost cell on each side
    for (int i = 0; i < n + 2; ++i) {
        int src = i - 1;
        if (src < 0) src = 0;
        if (src > n - 1) src = n - 1;
        padded[i] = in[src];
    }
    // 2. three-point binomial smoothing
    for (int i = 0; i < n; ++i)
        smooth[i] = 0.25f * padded[i] + 0.5f * padded[i + 1] + 0.25f * padded[i + 2];
    // 3. residual of the smoothing
    for (int i = 0; i < n; ++i)
        residual[i] = in[i] - smooth[i];
}
