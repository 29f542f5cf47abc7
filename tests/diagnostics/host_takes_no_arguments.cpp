// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd host' has two clauses, 'reuse' and 'wait', and no arguments: the
// statement's stream is given by where it stands in the kernel, and
// qd::current_stream() returns it.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 0.5f;
    #pragma qd host async(1) // expected-error {{'#pragma qd host' takes no arguments, and no clause but 'reuse' and 'wait'; the statement runs on the stream its place in the kernel gives it, which qd::current_stream() returns}}
    snapshot(copy, a, n, qd::current_stream());
    #pragma qd host reuse reuse // expected-error {{'#pragma qd host' takes no arguments, and no clause but 'reuse'}}
    snapshot(copy, a, n, qd::current_stream());
}
