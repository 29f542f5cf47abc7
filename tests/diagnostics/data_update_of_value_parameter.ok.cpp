// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A pointer parameter points at the caller's variable, which the caller's
// data directive made present.
#pragma qd kernel
void scale(double* a, int n, const double* factor, double* applied)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            a[i] *= factor[0];
    }
#pragma qd update host(a[0:n], factor[0:1])
#pragma qd update device(applied[0:1])
}
