// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host reads the condition back every N iterations: N is an integer
// literal.
#pragma qd kernel
void halve(float* a, int n, float limit)
{
    float total = 1e30f;
    #pragma qd loop seq check_every(n) // expected-error {{malformed 'check_every' clause; write 'check_every(N)' with an integer literal N, the iterations between two reads of the loop's condition}}
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            total += a[i];
        }
    }
}
