// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host library's call (MPI's, here a look-alike header outside the input
// root that only declares its functions) written in a kernel without
// '#pragma qd host': the statement would be a serial task on the device.
// The message says to mark it, not to pass '--in-root', and the library's
// handle macro (the address of its global) is not reported on its own.
#include "../include_outside_root/comm.h"

#pragma qd kernel
void send_edge(double* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] *= 2.0;
    comm_send(u, n, COMM_DOUBLE, 1); // expected-error {{function 'comm_send' cannot be called from device code: it is only declared, with no definition in reach to compile for the device; if it is a host call (MPI, a library's host API), put the statement in '#pragma qd host', which runs it on the host in order with the kernel's work}}
    comm_barrier(); // expected-error {{function 'comm_barrier' cannot be called from device code: it is only declared, with no definition in reach to compile for the device; if it is a host call (MPI, a library's host API), put the statement in '#pragma qd host', which runs it on the host in order with the kernel's work}}
}
