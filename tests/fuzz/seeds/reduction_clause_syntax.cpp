// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Fuzz seed: malformed reduction clauses, one per loop.
#pragma qd kernel
void clauses(const float* a, int n, float* out)
{
    float s = 0.0f;
    #pragma qd loop reduction(-: s)
    for (int i = 0; i < n; ++i)
        s += a[i];
    #pragma qd loop reduction(s)
    for (int i = 0; i < n; ++i)
        out[i] = a[i];
    #pragma qd loop reduction(+: s, s) reduction
    for (int i = 0; i < n; ++i)
        out[i] = a[i];
    #pragma qd loop reduction(min: ) collapse(2) block_dim(32)
    for (int i = 0; i < n; ++i)
        out[i] = a[i];
}
