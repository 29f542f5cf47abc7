// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'stream_parallel' before a function instead of '#pragma qd kernel', as if
// it marked a whole function to run on its own stream.
#pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' is only allowed inside a kernel, before a statement}}
void fill(float* a, float v, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = v;
}
