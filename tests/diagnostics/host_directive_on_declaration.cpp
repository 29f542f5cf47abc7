// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A declaration's variables would exist only on the host: the kernel's
// device code could not use them.
#include <qd/qd.h>

int plan_size(int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void transform(float* a, int n)
{
    #pragma qd host // expected-error {{'#pragma qd host' applies to a statement or a compound statement, not a declaration: what it declares could not be used by the kernel's device code; put the declaration inside braces with the code that uses it, or declare host scalars without the directive}}
    int size = plan_size(n, qd::current_stream());
    for (int i = 0; i < size; ++i)
        a[i] *= 2.0f;
}
