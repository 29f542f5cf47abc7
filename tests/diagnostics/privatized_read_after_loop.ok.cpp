// Use the end bound itself, or assign the variable again before reading it.
#pragma qd kernel
void tail(float* a, int* out, int n)
{
    int i;
    float last;
    for (i = 0; i < n; i++) {
        last = a[i];
        a[i] = last * 2.0f;
    }
    out[0] = n;
    last = 1.0f;
    for (int k = 0; k < n; ++k)
        a[k] += last;
    i = n;
    if (i > 1)
        a[0] = 0.0f;
}
