// One kernel called from the body of another. A kernel's name stands for
// its host entry points, which launch work on a stream; device code cannot
// launch them.
#pragma qd kernel
void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}

#pragma qd kernel
void reset(float* a, float* b, int n)
{
    clear(a, n); // expected-error {{kernel 'clear' cannot be called from device code; its name stands for host entry points that launch work; move the shared loop into an ordinary function that both kernels call, or call 'clear' from host code}}
    for (int i = 0; i < n; ++i)
        b[i] = 1.0f;
}
