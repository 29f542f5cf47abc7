// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The whole scalar; a class with an operator[] may still take a section.
#include <vector>

#pragma qd kernel
void count_positive(const double* a, int n, double* total)
{
    #pragma qd loop seq
    for (int i = 0; i < n; ++i)
        if (a[i] > 0.0)
            total[0] += 1.0;
}

void run(std::vector<double>& a, int n)
{
    double total = 0.0;
    int steps = 1;
#pragma qd data copyin(a[0:n]) copy(total)
    {
        count_positive(a.data(), n, &total);
    }
#pragma qd enter data create(steps)
#pragma qd exit data delete(steps)
}
