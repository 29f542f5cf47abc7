// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A scalar is one object: its address is what a kernel receives, and the
// directive names it whole.
#pragma qd kernel
void count_positive(const double* a, int n, double* total)
{
    #pragma qd loop seq
    for (int i = 0; i < n; ++i)
        if (a[i] > 0.0)
            total[0] += 1.0;
}

void run(const double* a, int n)
{
    double total = 0.0;
    int steps = 1;
#pragma qd data copyin(a[0:n]) copy(total[0:1]) // expected-error {{'total' is a single 'double', not an array or a pointer, so it has no section; name the whole variable: 'total'}}
    {
        count_positive(a, n, &total);
    }
#pragma qd enter data create(steps[0:1]) // expected-error {{'steps' is a single 'int', not an array or a pointer, so it has no section; name the whole variable: 'steps'}}
}
