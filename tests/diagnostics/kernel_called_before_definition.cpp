// 'stage' is declared first, as C programs declare their functions, but
// defined after the kernel that calls it.
void stage(float* a, int n);

#pragma qd kernel
void step(float* a, int n)
{
    stage(a, n); // expected-error {{kernel 'stage' is called here but defined after 'step'; define it before the kernels that call it}}
}

#pragma qd kernel
void stage(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
}
