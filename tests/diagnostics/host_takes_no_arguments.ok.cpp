// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The statements run on the launch stream, in order after the loop; the
// second may reuse its capture in graph mode.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 0.5f;
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream());
    #pragma qd host reuse
    snapshot(copy, a, n, qd::current_stream());
}
