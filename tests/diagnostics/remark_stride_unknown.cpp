// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where the index is data ('idx[i]', loaded from memory), or goes through
// '/', '%', a call or a condition, the translator cannot know how far apart
// neighbouring threads' addresses are, and says so with the reason instead
// of guessing. 'idx[i]' itself coalesces.
#pragma qd kernel
void gather(float* y, const float* x, const int* idx, int n)
{
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i'}}
        y[i] = x[idx[i]]; // expected-remark {{the distance between neighbouring threads' addresses in 'x[idx[i]]' is unknown, so its loads may not coalesce: the index is loaded from memory ('idx[i]'), so it depends on the data}}
}
