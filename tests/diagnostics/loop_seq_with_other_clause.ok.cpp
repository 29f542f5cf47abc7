// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The clauses go on the parallel loop inside the seq loop.
#pragma qd kernel
void relax(float* a, int n, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t)
        #pragma qd loop block_dim(64)
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
}
