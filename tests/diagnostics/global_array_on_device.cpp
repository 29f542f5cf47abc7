// A non-const namespace-scope array lives in host memory, which the device
// cannot read.
double weights[4] = {0.1, 0.2, 0.3, 0.4};

#pragma qd kernel
void weigh(double* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= weights[i % 4]; // expected-error {{'weights' is a non-const namespace-scope array, whose elements only exist in host memory; make it 'const' or 'constexpr' if it never changes, or pass its data to the kernel in device memory}}
}
