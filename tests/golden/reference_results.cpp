// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reductions straight into non-const reference parameters, as a serial
// function hands a sum back: each starts from the caller's value, device
// code after it reads the result, and the caller has it when the call
// returns (the call waits for its work), also at an early 'return;', in
// stream_parallel blocks, in graph mode, and in kernels another kernel
// calls, stream and graph mode.

#pragma qd kernel
void totals(const double* q, int n, double& mass, double& peak)
{
    #pragma qd loop reduction(+: mass) reduction(max: peak)
    for (int i = 0; i < n; ++i) {
        mass += q[i];
        peak = q[i] > peak ? q[i] : peak;
    }
}

// An early return hands back the caller's value untouched; a reduction in
// a host 'if' combines into the same result.
#pragma qd kernel graph
void scale(double* q, int n, double& norm, bool twice)
{
    if (n < 2)
        return;
    #pragma qd loop reduction(+: norm)
    for (int i = 0; i < n; ++i)
        norm += q[i] * q[i];
    for (int i = 0; i < n; ++i)
        q[i] = q[i] / norm;
    if (twice) {
        #pragma qd loop reduction(+: norm)
        for (int i = 0; i < n; ++i)
            norm += q[i];
    }
}

// Each block reduces into its own reference parameter; a statement of its
// own sets one first.
#pragma qd kernel
void counts(const double* a, int n, double& sum_a, int& above)
{
    above = 0;
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: sum_a)
        for (int i = 0; i < n; ++i)
            sum_a += a[i];
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop reduction(+: above)
        for (int i = 0; i < n; ++i)
            above += a[i] > 0.5 ? 1 : 0;
    }
}

// Callers in stream and graph mode: the callee hands its results back
// before the caller's work goes on.
#pragma qd kernel
void both(double* q, int n, double& mass, double& peak, double& norm)
{
    totals(q, n, mass, peak);
    scale(q, n, norm, true);
}

#pragma qd kernel graph
void both_graph(double* q, int n, double& mass, double& peak, double& norm,
                double* out)
{
    double local = 0.0;
    totals(q, n, mass, peak);
    scale(q, n, norm, false);
    #pragma qd loop reduction(+: local)
    for (int i = 0; i < n; ++i)
        local += q[i];
    out[0] = local;
}

// A reference parameter that no device code uses, set by plain statements:
// the host sets the caller's variable, in order with the work.
#pragma qd kernel
void relax(double* q, int n, int sweeps, int& done)
{
    done = 0;
    #pragma qd loop seq
    for (int s = 0; s < sweeps; ++s) {
        for (int i = 0; i < n; ++i)
            q[i] = q[i] * 0.5 + 1.0;
        ++done;
    }
}
