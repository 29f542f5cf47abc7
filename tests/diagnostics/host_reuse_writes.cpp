// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// With 'reuse', a graph-mode call whose values the statement names are an
// earlier call's does not run the statement: an assignment in it to a
// variable declared outside would then be skipped.
#include <qd/qd.h>

// The user's library: enqueues a norm of x into *out on `stream`.
void norm_async(const float* x, int n, float* out, qd::StreamRef stream);
int record_call(int* count);

#pragma qd kernel graph
void normalize(float* x, float* norm, int n, int* calls)
{
    int issued = 0;
    #pragma qd host reuse
    {
        norm_async(x, n, norm, qd::current_stream());
        ++issued; // expected-error {{a '#pragma qd host reuse' statement must not assign 'issued': a graph-mode call that reuses its capture does not run the statement, so the assignment would be skipped; assign it outside the statement, or drop 'reuse'}}
    }
    #pragma qd host reuse
    norm_async(x, record_call(&issued), norm, qd::current_stream()); // expected-error {{must not assign 'issued'}}
    for (int i = 0; i < n; ++i)
        x[i] /= norm[0];
    calls[0] = issued;
}
