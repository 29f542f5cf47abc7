// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A serial program in C order: prototypes, main first, helpers last.
#include <cstdio>

void step(double* u, int n);
void relax(double* u, int n);
void clamp(double* u, int n);

int main()
{
    double u[64];
    for (int i = 0; i < 64; ++i)
        u[i] = i % 7;
    for (int s = 0; s < 10; ++s)
        step(u, 64);
    std::printf("%g\n", u[10]);
    return 0;
}

void step(double* u, int n)
{
    relax(u, n);
    clamp(u, n);
}

void relax(double* u, int n)
{
    for (int i = 1; i < n - 1; ++i) {
        double left = u[i - 1];
        double right = u[i + 1];
        u[i] = 0.5 * (left + right);
    }
}

void clamp(double* u, int n)
{
    for (int i = 0; i < n; ++i)
        if (u[i] > 5.0)
            u[i] = 5.0;
}
