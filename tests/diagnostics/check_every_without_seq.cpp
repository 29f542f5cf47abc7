// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'check_every' says how often the host reads a seq loop's condition; a
// parallel loop has none.
#pragma qd kernel
void halve(float* a, int n)
{
    #pragma qd loop check_every(4) // expected-error {{'check_every' needs 'seq': it says how often the host reads back the condition of a loop it runs; write '#pragma qd loop seq check_every(N)'}}
    for (int i = 0; i < n; ++i)
        a[i] = 0.5f * a[i];
}
