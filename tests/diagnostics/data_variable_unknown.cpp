// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A misspelt name in a clause.
void run(double* field, int n)
{
#pragma qd data copy(feild[0:n]) // expected-error {{no variable named 'feild' is declared before this directive in this function or at namespace scope}}
    {
        field[0] = n;
    }
}
