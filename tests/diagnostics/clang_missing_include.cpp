// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An '#include' that clang cannot find: pass the directory with '-I' after
// '--' (or use '-p' with a compilation database). qd's own headers
// (<qd/qd.h>, <qd/atomic.h>) are found without flags.
#include "vec_math.h" // expected-error {{'vec_math.h' file not found}}

#pragma qd kernel
void scale(float* x, float s, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
