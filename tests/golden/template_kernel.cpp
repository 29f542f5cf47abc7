// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A function-template kernel (and a template kernel with a non-type parameter), instantiated
// explicitly and implicitly (from a host function) for float and double; one of a struct type.

#pragma qd kernel
template <class T>
void axpy(T* y, const T* x, T a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

#pragma qd kernel
template <class T, int Radius>
void box_filter(const T* in, T* out, int n)
{
    const T inv = T(1) / T(2 * Radius + 1);
    for (int i = Radius; i < n - Radius; ++i) {
        T acc = T(0);
        for (int k = -Radius; k <= Radius; ++k)
            acc += in[i + k];
        out[i] = acc * inv;
    }
}

// A statement ending in a brace-initialized value, in a serial task and a
// loop body, of a dependent and of a named type: its ';' must stay.
struct Pair { float lo, hi; };

#pragma qd kernel
template <class P>
void fill_pairs(P* out, float v, int n)
{
    out[0] = P{v, -v};
    for (int i = 1; i < n; ++i)
        out[i] = P{v * float(i), -v};
}

#pragma qd kernel
void fill_pairs_named(Pair* out, float v, int n)
{
    out[0] = Pair{-v, v};
    for (int i = 1; i < n; ++i)
        out[i] = Pair{v, v * float(i)};
}

// explicit instantiations
template void axpy<float>(float*, const float*, float, int);
template void box_filter<float, 2>(const float*, float*, int);
template void fill_pairs<Pair>(Pair*, float, int);

// implicit instantiations from host code
void update_double(double* y, const double* x, double a, int n, double* smoothed)
{
    axpy(y, x, a, n);
    box_filter<double, 3>(y, smoothed, n);
}
