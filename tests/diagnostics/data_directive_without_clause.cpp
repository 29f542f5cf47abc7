// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A data directive that names nothing is a mistake, not a no-op.
void run(double* a, int n)
{
#pragma qd update // expected-error {{'#pragma qd update' names no variables; it takes 'host(list)', 'device(list)' and 'self(list)'}}
#pragma qd data // expected-error {{'#pragma qd data' names no variables; it takes 'copyin(list)', 'copyout(list)', 'copy(list)', 'create(list)' and 'present(list)'}}
    {
        a[0] = n;
    }
}
