// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper that is a macro's first tokens is marked where the macro is used.
#define HELPERS                                      \
    inline float twice(float x) { return 2.0f * x; } \
    inline float thrice(float x) { return 3.0f * x; }

HELPERS

#pragma qd kernel
void scale(float* p, int n)
{
    for (int i = 0; i < n; ++i)
        p[i] = twice(p[i]);
}
