// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host library's calls marked '#pragma qd host': they run on the host, in
// order with the kernel's work ('wait' first for a call that reads what the
// loop wrote through a host API).
#include "../include_outside_root/comm.h"

#pragma qd kernel
void send_edge(double* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 2.0;
    #pragma qd host wait
    comm_send(u, n, COMM_DOUBLE, 1);
    #pragma qd host
    comm_barrier();
}
