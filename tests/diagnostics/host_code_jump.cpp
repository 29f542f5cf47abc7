// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Leaving host code early would skip the kernel's work after it on some
// calls, which the generated code enqueues, not the statement.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n, int steps)
{
    #pragma qd host
    {
        if (copy == nullptr)
            return; // expected-error {{'return' cannot leave '#pragma qd host' code: the kernel's work after it would be skipped on some calls; make the decision a host 'if' around the directive instead}}
        snapshot(copy, a, n, qd::current_stream());
    }
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        #pragma qd host
        {
            if (s % 2 == 0)
                continue; // expected-error {{'continue' cannot leave '#pragma qd host' code}}
            snapshot(copy, a, n, qd::current_stream());
        }
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
    }
}
