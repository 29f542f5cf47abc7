// A top-level 'for' loop of a kernel that is not in the canonical form, so
// it cannot be split into independent iterations: counting down, a step
// other than 1, '!=' or the bound on the left, a floating-point loop
// variable, a variable declared outside the loop, two loop variables.
#pragma qd kernel
void loops(float* a, float* b, int n, float h)
{
    for (int i = n - 1; i >= 0; --i) // expected-error {{unsupported parallel loop form: the condition must be 'i < end' or 'i <= end'; write 'for (I i = begin; i < end; ++i)' (also '<=', 'i++', 'i += 1', any integer type I)}}
        a[i] = 0.0f;
    for (int i = 0; i < n; i += 2) // expected-error {{unsupported parallel loop form: the increment must be '++i', 'i++' or 'i += 1'}}
        a[i] = 1.0f;
    for (int i = 0; i != n; ++i) // expected-error {{unsupported parallel loop form: the condition must be 'i < end' or 'i <= end'}}
        a[i] = 2.0f;
    for (int i = 0; n > i; ++i) // expected-error {{unsupported parallel loop form: the condition must be 'i < end' or 'i <= end'}}
        a[i] = 3.0f;
    for (float x = 0.0f; x < 1.0f; x += h) // expected-error {{unsupported parallel loop form: the loop variable 'x' must have an integer type}}
        b[static_cast<int>(x * n)] = x;
    int j = 0;
    for (j = 0; j < n; ++j) // expected-error {{unsupported parallel loop form: the loop must declare exactly one loop variable}}
        a[j] = 4.0f;
    for (int i = 0, last = n - 1; i < last; ++i) // expected-error {{unsupported parallel loop form: the loop must declare exactly one loop variable}}
        b[i] = a[i + 1] - a[i];
}

// Each loop of a collapse(N) nest must be canonical.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = w - 1; x >= 0; --x) // expected-error {{unsupported parallel loop form: the condition must be 'x < end' or 'x <= end'}}
            a[y * w + x] = 0.0f;
}
