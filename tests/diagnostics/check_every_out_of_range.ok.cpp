// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void halve(float* a, int n, float limit)
{
    float total = 1e30f;
    #pragma qd loop seq check_every(1024)
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
    }
}
