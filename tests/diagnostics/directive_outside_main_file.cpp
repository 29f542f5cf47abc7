// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A '#pragma qd kernel' in a header that the translated source includes.
// Only the file given to qd-translate is rewritten, so the kernel would be
// compiled as ordinary host code.
#include "directive_outside_main_file.h" // expected-error@directive_outside_main_file.h:3 {{'#pragma qd' directives are translated only in the main source file; move this kernel into the file given to qd-translate}}

#pragma qd kernel
void scale(float* a, float s, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= s;
}
