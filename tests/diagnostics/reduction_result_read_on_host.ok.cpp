// Device code reads the results: the loop body, and the bound becomes a
// condition in the body. Locals computed from them, each declared on its
// own, live on the device too.
#pragma qd kernel
void normalize(float* a, int n)
{
    float total = 0.0f;
    int nonzero = 0;
    #pragma qd loop reduction(+: total, nonzero)
    for (int i = 0; i < n; ++i) {
        total += a[i];
        if (a[i] != 0.0f)
            ++nonzero;
    }
    const float inverse = 1.0f / total;
    const int count = nonzero / 2;
    for (int i = 0; i < n; ++i)
        if (i < count)
            a[i] = a[i] * inverse;
}
