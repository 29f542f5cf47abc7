// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel's own copies are 'update' statements; regions belong to callers.
#pragma qd kernel
void step(double* u, int n)
{
#pragma qd data copy(u[0:n]) // expected-error {{'#pragma qd data' cannot be used in a kernel; put it in the function that calls the kernel (a kernel's own copies are '#pragma qd update' statements)}}
    for (int i = 0; i < n; ++i)
        u[i] += 1;
#pragma qd enter data copyin(u[0:n]) // expected-error {{'#pragma qd enter data' cannot be used in a kernel; put it in the function that calls the kernel (a kernel's own copies are '#pragma qd update' statements)}}
    for (int i = 0; i < n; ++i)
        u[i] *= 2;
}
