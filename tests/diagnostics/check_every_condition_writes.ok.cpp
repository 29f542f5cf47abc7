// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void halve(float* a, int n, float limit, int* steps)
{
    float total = 1e30f;
    int k = 0;
    #pragma qd loop seq check_every(4)
    while (total > limit && k < 100) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
        ++k;
    }
    steps[0] = k;
}
