// Defined first, then called.
#pragma qd kernel
void stage(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
}

#pragma qd kernel
void step(float* a, int n)
{
    stage(a, n);
    stage(a, n);
}
