// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream_parallel priority(high|low) (SPEC section 1, "Several GPUs and
// nodes"): blocks whose streams come from the pools of the device's
// greatest and least priority, beside a block of the default one; and a
// solver loop whose condition reads a value the GPU left in device memory,
// where a library it calls (ncclAllReduce) would leave it.
#pragma qd kernel
void edges_first(const float* a, float* edges, float* interior, float* background, int n)
{
    #pragma qd stream_parallel priority(high)
    {
        edges[0] = a[0];
        edges[1] = a[n - 1];
    }
    #pragma qd stream_parallel
    for (int i = 1; i < n - 1; ++i)
        interior[i] = 0.5f * (a[i - 1] + a[i + 1]);
    #pragma qd stream_parallel priority(low)
    {
        for (int i = 0; i < n; ++i)
            background[i] = a[i] * a[i];
    }
}

#pragma qd kernel
void halve_until(float* u, float* norm, int n, float tol, int max_it, int* iterations)
{
    int it = 0;
    float residual = tol + 1.0f;
    #pragma qd loop seq
    while (it < max_it && residual > tol) {
        float sum = 0.0f;
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i) {
            u[i] *= 0.5f;
            sum += u[i] * u[i];
        }
        norm[0] = sum;
        residual = norm[0]; // from device memory: a device scalar from here on
        ++it;
    }
    iterations[0] = it;
}
