// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host code belongs between the kernel's steps, not inside a loop body,
// which runs on the device.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n, int steps)
{
    for (int i = 0; i < n; ++i) {
        a[i] *= 0.5f;
        #pragma qd host // expected-error {{'#pragma qd host' must be followed by a statement at the top level of a kernel, a stream_parallel block, a host 'if' or 'switch' branch, or a '#pragma qd loop seq' body; inside device code there is no host to run it}}
        copy[i] = a[i];
    }
}

void plain(float* a, float* copy, int n)
{
    #pragma qd host // expected-error {{'#pragma qd host' must be followed by a statement at the top level of a kernel}}
    snapshot(copy, a, n, qd::current_stream());
}

// An 'if' on device data is a serial task: its 'else' branch runs on the
// device, so its braces cannot be host code.
#pragma qd kernel
void fallback(float* a, float* copy, int n)
{
    if (a[0] > 0.0f) {
        a[0] = 0.0f;
    } else
    #pragma qd host // expected-error {{'#pragma qd host' must be followed by a statement at the top level of a kernel}}
    {
        a[1] = 1.0f;
    }
    for (int i = 0; i < n; ++i)
        copy[i] = a[i];
}
