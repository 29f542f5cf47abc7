// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The GPU tests the condition of a 'check_every' loop: a change it makes to
// a host value would be lost.
#pragma qd kernel
void halve(float* a, int n, float limit, int* steps)
{
    float total = 1e30f;
    int k = 0;
    #pragma qd loop seq check_every(4)
    while (total > limit && k++ < 100) { // expected-error {{the condition of a 'check_every' loop is evaluated on the GPU, so it must not change 'k'; move the change into the loop's body}}
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
    }
    steps[0] = k;
}
