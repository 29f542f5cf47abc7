// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host scalar needs no directive; the library call that uses the stream
// goes in braces with what it declares.
#include <qd/qd.h>

int plan_size(int n);                                  // the user's library
void run_plan(float* a, int size, qd::StreamRef stream);

#pragma qd kernel
void transform(float* a, int n)
{
    int size = plan_size(n);
    for (int i = 0; i < size; ++i)
        a[i] *= 2.0f;
    #pragma qd host
    {
        const int half = size / 2;
        run_plan(a, half, qd::current_stream());
    }
}
