// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A reference parameter that a reduction combines into, set by a statement
// of its own and read by a 'host wait' statement: both are in order with
// the call's work.

#pragma qd kernel
void totals(const double* q, int n, double& mass, double& copy)
{
    mass = 2.0;
    #pragma qd loop reduction(+: mass)
    for (int i = 0; i < n; ++i)
        mass += q[i];
    #pragma qd host wait
    copy = mass;
}
