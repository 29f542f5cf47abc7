// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Results a kernel hands to its caller on the host, as a serial function
// returns them: reductions' results that a '#pragma qd host wait' statement
// reads (the host copies them back after the wait), stored through
// non-const reference parameters and a local that only host statements use.
// In stream mode, in graph mode (the wait splits the call's graph), and in
// kernels that another kernel calls.

#pragma qd kernel
void totals(const double* q, int n, double& mass, double& peak, int& calls)
{
    double m = 0.0;
    double top = -1.0e300;
    #pragma qd loop reduction(+: m) reduction(max: top)
    for (int i = 0; i < n; ++i) {
        m += q[i];
        top = q[i] > top ? q[i] : top;
    }
    #pragma qd host
    ++calls;
    // A local that only host statements use (as an 'MPI_Request req[2]'
    // would be) is the host's.
    double seen[2];
    #pragma qd host wait
    {
        seen[0] = m;
        seen[1] = top;
    }
    #pragma qd host
    {
        mass = seen[0];
        peak = seen[1];
    }
}

// Graph mode: the work after the wait is a graph of its own, and still
// reads the reduction's result on the device.
#pragma qd kernel graph
void normalize(double* q, int n, double& sum_before)
{
    double s = 0.0;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i)
        s += q[i];
    #pragma qd host wait
    sum_before = s;
    for (int i = 0; i < n; ++i)
        q[i] = q[i] / s;
}

// Internal linkage, called only by another kernel: its own entry points go
// unused, which -Wunused-function must not report.
#pragma qd kernel
static void square_plus_one(double* q, int n)
{
    for (int i = 0; i < n; ++i)
        q[i] = q[i] * q[i] + 1.0;
}

// Calls the others, passing its own reference parameters on.
#pragma qd kernel
void step(double* q, int n, double& mass, double& peak, int& calls,
          double& sum_before)
{
    square_plus_one(q, n);
    normalize(q, n, sum_before);
    totals(q, n, mass, peak, calls);
}
