// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The statement only enqueues work, which depends on the values it names;
// the count is kept outside it.
#include <qd/qd.h>

// The user's library: enqueues a norm of x into *out on `stream`.
void norm_async(const float* x, int n, float* out, qd::StreamRef stream);

#pragma qd kernel graph
void normalize(float* x, float* norm, int n, int* calls)
{
    int issued = 0;
    #pragma qd host reuse
    {
        const int count = n; // the statement's own
        norm_async(x, count, norm, qd::current_stream());
    }
    ++issued;
    for (int i = 0; i < n; ++i)
        x[i] /= norm[0];
    calls[0] = issued;
}
