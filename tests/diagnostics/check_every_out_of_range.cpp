// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host keeps the values the loop changes for each iteration between two
// read-backs: at most 1024.
#pragma qd kernel
void halve(float* a, int n, float limit)
{
    float total = 1e30f;
    #pragma qd loop seq check_every(4096) // expected-error {{check_every(4096) is out of range; the host reads the condition every 1 to 1024 iterations}}
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
    }
}
