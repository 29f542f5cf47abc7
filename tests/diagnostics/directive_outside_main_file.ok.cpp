// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Move the kernel into the translated source; the header keeps a
// declaration for the host code of other files.
#include "directive_outside_main_file.ok.h"

#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void scale(float* a, float s, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= s;
}
