// A '#pragma qd kernel' in a header that the translated source includes.
// Only the file given to qd-translate is rewritten, so the kernel would be
// compiled as ordinary host code.
#include "directive_outside_main_file.h"

#pragma qd kernel
void scale(float* a, float s, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= s;
}
