// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel that reduces into reference parameters hands them back where
// the call ends: the host waits there.
#pragma qd kernel
void totals(const double* q, int n, double& mass, double& peak)
{
    #pragma qd loop reduction(+: mass) reduction(max: peak)
    for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        mass += q[i];
        peak = q[i] > peak ? q[i] : peak;
    }
} // expected-remark {{the call hands 'mass', 'peak' back to its caller when it ends, so it returns only once its work is done: the host waits for it here and at each 'return;', then copies the results from the device}}
