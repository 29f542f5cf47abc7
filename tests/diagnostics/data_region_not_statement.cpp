// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The copies would live only as long as a declaration's braces.
void run(double* u, int n)
{
#pragma qd data copy(u[0:n]) // expected-error {{'#pragma qd data' must be followed by a statement that is not a declaration, usually braces '{ ... }': the device copies live until it ends}}
    double first = u[0];
    u[1] = first + n;
}
