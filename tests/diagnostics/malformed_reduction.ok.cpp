// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The operator, a colon, then the variables.
#pragma qd kernel
void sums(const float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    out[0] = total;

    float other = 0.0f;
    #pragma qd loop reduction(+: other)
    for (int i = 0; i < n; ++i)
        other += a[i];
    out[1] = other;
}
