// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two helpers defined by one macro: only the first can be marked
// '__host__ __device__' by text inserted before the macro's use.
#define HELPERS                                      \
    inline float twice(float x) { return 2.0f * x; } \
    inline float thrice(float x) { return 3.0f * x; }

HELPERS // expected-error {{function 'thrice', which device code calls, starts inside a macro expansion, where the translator cannot mark it '__host__ __device__'; define it outside the macro, or as the macro's first tokens}}

#pragma qd kernel
void scale(float* p, int n)
{
    for (int i = 0; i < n; ++i)
        p[i] = thrice(p[i]);
}
