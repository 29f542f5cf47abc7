// Call the kernels one after the other from host code; they run in order on
// the same stream.
#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void fill_ones(float* b, int n)
{
    for (int i = 0; i < n; ++i)
        b[i] = 1.0f;
}

void reset(float* a, float* b, int n)
{
    clear(a, n);
    fill_ones(b, n);
}
