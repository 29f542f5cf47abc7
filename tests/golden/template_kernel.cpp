// A function-template kernel (and a template kernel with a non-type parameter), instantiated
// explicitly and implicitly (from a host function) for float and double.

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

// explicit instantiations
template void axpy<float>(float*, const float*, float, int);
template void box_filter<float, 2>(const float*, float*, int);

// implicit instantiations from host code
void update_double(double* y, const double* x, double a, int n, double* smoothed)
{
    axpy(y, x, a, n);
    box_filter<double, 3>(y, smoothed, n);
}
