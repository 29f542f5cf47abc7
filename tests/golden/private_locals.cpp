// Private locals (SPEC section 1): locals declared at the top of the kernel
// without an initializer, scalars and fixed-size arrays in one declaration,
// that loop bodies and a serial task write before they read; a scalar that
// one loop makes private and a later host statement assigns again; and a
// scalar that loops only read, which stays a host value.

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
