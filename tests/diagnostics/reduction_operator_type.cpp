// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Bitwise operators need an integer (or bool) variable.
#pragma qd kernel
void masks(const unsigned* flags, const float* a, int n, unsigned* out)
{
    float bits = 0.0f;
    #pragma qd loop reduction(|: bits) // expected-error {{reduction operator '|' needs an integer or bool variable, but 'bits' has type 'float'; use '+', '*', 'min' or 'max', or reduce an integer}}
    for (int i = 0; i < n; ++i)
        bits = bits + a[i];
    out[0] = flags[0];
}
