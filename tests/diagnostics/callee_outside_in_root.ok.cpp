// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Either pass '--in-root' with a directory that holds the header, or mark
// the library's function QD_HOST_DEVICE where it is defined.
#include "../include_outside_root/mathlib_marked.h"

#pragma qd kernel
void clip(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = soft_clip(x[i]);
}
