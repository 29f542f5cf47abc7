// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An integer variable for '|', '&' and '^'.
#pragma qd kernel
void masks(const unsigned* flags, int n, unsigned* out)
{
    unsigned bits = 0u;
    unsigned common = ~0u;
    unsigned parity = 0u;
    #pragma qd loop reduction(|: bits) reduction(&: common) reduction(^: parity)
    for (int i = 0; i < n; ++i) {
        bits |= flags[i];
        common &= flags[i];
        parity ^= flags[i];
    }
    out[0] = bits;
    out[1] = common;
    out[2] = parity;
}
