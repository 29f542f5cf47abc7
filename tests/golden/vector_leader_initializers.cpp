// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Body locals of a parallel loop with a vector loop whose initializers have
// an effect (a store): one thread of the group runs the initializer, and the
// group receives the value. Every initializer form: '= {...}' for an array,
// '(...)' and '{...}' for a scalar, and '= e' (issue 27: the first three
// were rewritten into code that did not compile).

int mark(int* seen, int r, int k)
{
    seen[r * 4 + k] += 1; // counts how often the initializer ran
    return r * 3 + k;
}

#pragma qd kernel
void weighted_rows(const float* a, float* y, int* seen, int n, int m)
{
    for (int r = 0; r < n; ++r) {
        int pair[2] = {mark(seen, r, 0), 5};
        int x(mark(seen, r, 1));
        int z{mark(seen, r, 2)};
        const int w = mark(seen, r, 3);
        float acc = 0.0f;
        #pragma qd loop vector reduction(+: acc)
        for (int j = 0; j < m; ++j)
            acc += a[r * m + j] * static_cast<float>(pair[0] + pair[1] + x + z + w);
        y[r] = acc;
    }
}
