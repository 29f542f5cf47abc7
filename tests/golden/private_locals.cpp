// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Private locals (SPEC section 1): locals declared at the top of the kernel
// without an initializer, scalars and fixed-size arrays in one declaration,
// that loop bodies and a serial task write before they read; a scalar that
// one loop makes private and a later host statement assigns again; and a
// scalar that loops only read, which stays a host value; a private array
// declared with a host scalar that has an initializer.

#pragma qd kernel
void private_locals(const double* in, double* out, double* total, int n, double scale)
{
    int i, s;
    double r, stencil[3], vals[2], weight;
    weight = scale * 0.5;                        // host statement: a host value
    for (i = 1; i < n - 1; i++) {
        for (s = 0; s < 3; s++)
            stencil[s] = in[i - 1 + s];
        if (stencil[1] > 0)
            r = stencil[0] + stencil[2];
        else
            r = stencil[1];
        vals[0] = r * weight;
        vals[1] = stencil[1];
        out[i] = vals[0] + vals[1];
    }
    r = 2.0;                                     // host again after the loop
    for (i = 0; i < n; ++i)
        out[i] += r;
    if (in[0] > -10.0) {                         // a serial task with a private
        vals[0] = 0;
        for (s = 0; s < n; s++)
            vals[0] += out[s];
        total[0] = vals[0];
    }
}

// 'sq' is private to each iteration, 'base' a host scalar with its value:
// one declaration, two meanings.
#pragma qd kernel
void mixed_private(const long long* in, long long* out, int n)
{
    long long sq[3], base = 7, shift;
    shift = base * 2;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < 3; ++j)
            sq[j] = (in[i] + j) * (in[i] + j) + base;
        out[i] = sq[0] + sq[1] + sq[2] + shift;
    }
}
