// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two parallel regions in one kernel, separated by a parallel loop and a host scalar on the
// launch stream: a smoothing step of three fields, a coupling step, then a write-back step.

#pragma qd kernel
void two_phase_update(float* u, float* v, float* w, float* u_next, float* v_next, float* w_next,
                      int n, float alpha)
{
    // region 1: three independent smoothing steps
    #pragma qd stream_parallel
    {
        for (int i = 1; i < n - 1; ++i)
            u_next[i] = u[i] + alpha * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    }
    #pragma qd stream_parallel
    {
        for (int i = 1; i < n - 1; ++i)
            v_next[i] = v[i] + alpha * (v[i - 1] - 2.0f * v[i] + v[i + 1]);
    }
    #pragma qd stream_parallel
    {
        for (int i = 1; i < n - 1; ++i)
            w_next[i] = w[i] + alpha * (w[i - 1] - 2.0f * w[i] + w[i + 1]);
    }

    // between the regions, on the launch stream: couple the fields
    for (int i = 1; i < n - 1; ++i)
        w_next[i] += 0.5f * alpha * (u_next[i] - v_next[i]);

    const float keep = 1.0f - alpha;
    // region 2: two blocks writing the results back
    #pragma qd stream_parallel
    {
        for (int i = 1; i < n - 1; ++i)
            u[i] = keep * u_next[i] + alpha * w_next[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 1; i < n - 1; ++i)
            v[i] = keep * v_next[i] - alpha * w_next[i];
        for (int i = 1; i < n - 1; ++i)
            w[i] = w_next[i];
    }
}
