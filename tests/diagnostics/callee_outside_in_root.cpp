// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calling, from a loop body, a function defined in a header outside the
// input root (by default the source's directory), such as a library's.
// qd-translate translates only the user's own headers.
#include "../include_outside_root/mathlib.h"

#pragma qd kernel
void clip(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = soft_clip(x[i]); // expected-error-re {{function 'soft_clip' cannot be called from device code: it is defined in '{{.*}}mathlib.h', outside the input root '{{.*}}diagnostics', so qd-translate does not translate it; pass '--in-root' with a directory that contains the header, or mark the function QD_HOST_DEVICE (<qd/detail/config.h>)}}
}
