// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A directive name from another programming model (OpenMP, OpenACC) that
// qd does not have, and that is not close to one it has.
#pragma qd kernel
void scale(float* x, float s, int n)
{
    #pragma qd parallel_for // expected-error {{unknown directive '#pragma qd parallel_for'; expected 'kernel', 'stream_parallel', 'loop', 'host', 'data', 'enter data', 'exit data' or 'update'}}
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
