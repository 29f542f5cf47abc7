// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode with the user's own waits and copies: a call's graph ends at a
// '#pragma qd host wait' or '#pragma qd update' that runs in the launch
// stream's order (the kernel's top level, a host 'if', an unrolled host-value
// 'loop seq', a called kernel's top level), and the work after it is a graph
// of its own; a call that does not take the branch stays one graph. A
// reduction's result crosses the split. The driver calls each on one and two
// "ranks" inside a data region, so that the copies have present arrays.
#include <qd/qd.h>

// Stands in for an MPI exchange of boundary values: the host swaps the ends.
static void exchange_ends(double* u, int n)
{
    const double t = u[0];
    u[0] = u[n - 1];
    u[n - 1] = t;
}

#pragma qd kernel graph
void step(double* u, int n, int ranks)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
    double total = 0.0;
#pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += u[i];
    if (ranks > 1) {
#pragma qd update host(u[0:1], u[n - 1:1])
#pragma qd host wait
        exchange_ends(u, n);
#pragma qd update device(u[0:1]) device(u[n - 1:1])
    }
    for (int i = 0; i < n; ++i)
        u[i] -= total / n;
}

#pragma qd kernel graph
void sweeps(double* u, int n, int count)
{
#pragma qd loop seq
    for (int s = 0; s < count; ++s) {
        for (int i = 0; i < n; ++i)
            u[i] += 1.0;
#pragma qd update host(u[0:1])
#pragma qd host wait
        u[0] = 2.0 * u[0] - s;
#pragma qd update device(u[0:1])
    }
}

// The callee's graph ends where its own does: in the caller's graph.
#pragma qd kernel graph
void outer(double* u, int n, int ranks)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 0.25;
    step(u, n, ranks);
    for (int i = 0; i < n; ++i)
        u[i] += 0.125 * i;
}

void run_steps(double* u, int n, int ranks, int steps)
{
#pragma qd data copy(u[0:n])
    {
        for (int t = 0; t < steps; ++t)
            step(u, n, ranks);
        sweeps(u, n, 3);
        outer(u, n, ranks);
    }
}
