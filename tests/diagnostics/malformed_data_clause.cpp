// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Lists of variables, each a whole array or a pointer with a section.
void run(double* a, int n)
{
#pragma qd data copyin(a[0:n], ) // expected-error {{malformed 'copyin' clause; write a list of variables, each a whole array or a pointer with a section: 'copyin(a, p[first:count])'}}
    {
    }
#pragma qd enter data create(a[0:]) // expected-error {{malformed 'create' clause; write a list of variables, each a whole array or a pointer with a section: 'create(a, p[first:count])'}}
#pragma qd update host a // expected-error {{malformed 'host' clause; write a list of variables, each a whole array or a pointer with a section: 'host(a, p[first:count])'}}
}
