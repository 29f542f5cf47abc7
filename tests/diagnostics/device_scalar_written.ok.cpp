// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A second reduction continues from the first one's result; statements of
// their own set it before a third, to a host value or from device data.
#pragma qd kernel
void scale(float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    out[0] = total;
    total = 0.0f;
    if (n > 0)
        total = a[0];
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i] * a[i];
    out[1] = total;
}
