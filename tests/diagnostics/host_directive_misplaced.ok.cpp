// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host code at the top level of a 'loop seq' body: once per iteration, after
// that iteration's loop.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, int step, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
        #pragma qd host
        snapshot(copy + s * n, a, n, s, qd::current_stream());
    }
}

// A host 'if' branch may itself be host code: the directive between 'else'
// (or the condition) and the branch's braces.
#pragma qd kernel
void fallback(float* a, float* copy, int n, int on_device)
{
    if (on_device) {
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
    } else
    #pragma qd host
    {
        snapshot(copy, a, n, 0, qd::current_stream());
        snapshot(copy + n, a, n, 1, qd::current_stream());
    }
    if (on_device > 1)
    #pragma qd host
    {
        snapshot(copy, a, n, 2, qd::current_stream());
    }
    else {
        for (int i = 0; i < n; ++i)
            copy[i] = a[i];
    }
}
