// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Each reduction into a local of its own level, initialized on the host.
#pragma qd kernel
void sums(const float* a, int n, float* out, float bias)
{
    float biased = bias;
    #pragma qd loop reduction(+: biased)
    for (int i = 0; i < n; ++i)
        biased += a[i];
    out[0] = biased;

    float zero = 0.0f;
    #pragma qd loop reduction(+: zero)
    for (int i = 1; i < n; ++i)
        zero += a[i];
    out[1] = zero;

    #pragma qd stream_parallel
    {
        float total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        out[2] = total;
    }
}
