// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A top-level 'for' loop of a kernel that is not in a canonical form, so it
// cannot be split into independent iterations: '!=' or the bound on the
// left, an increment against the condition's direction, a step that is not
// positive, a floating-point loop variable, a parameter as the loop
// variable, two loop variables.
#pragma qd kernel
void loops(float* a, float* b, int n, float h)
{
    for (int i = 0; i != n; ++i) // expected-error {{unsupported parallel loop form: the condition must be 'i < end' or 'i <= end' (counting up), 'i > end' or 'i >= end' (counting down); write 'for (I i = begin; i < end; ++i)' or a variant: '<=', 'i++', 'i += c'; counting down with '>', '>=', '--i', 'i -= c'; 'i = begin' on a local declared earlier (I any integer type, c a positive host value)}}
        a[i] = 2.0f;
    for (int i = 0; n > i; ++i) // expected-error {{unsupported parallel loop form: the condition must be 'i < end' or 'i <= end' (counting up)}}
        a[i] = 3.0f;
    for (int i = n - 1; i >= 0; ++i) // expected-error {{unsupported parallel loop form: a loop counting down to its end must step with '--i', 'i--' or 'i -= c'}}
        a[i] = 0.0f;
    for (int i = 0; i < n; i *= 2) // expected-error {{unsupported parallel loop form: a loop counting up to its end must step with '++i', 'i++' or 'i += c'}}
        a[i] = 1.0f;
    for (int i = 0; i < n; i += -2) // expected-error {{unsupported parallel loop form: the step of 'i' must be positive}}
        a[i] = 1.0f;
    for (float x = 0.0f; x < 1.0f; x += h) // expected-error {{unsupported parallel loop form: the loop variable 'x' must have an integer type}}
        b[static_cast<int>(x * n)] = x;
    for (n = 0; n < 8; ++n) // expected-error {{unsupported parallel loop form: the loop variable 'n' must be a local variable of the kernel}}
        a[n] = 4.0f;
    for (int i = 0, last = n - 1; i < last; ++i) // expected-error {{unsupported parallel loop form: the loop must declare exactly one loop variable}}
        b[i] = a[i + 1] - a[i];
}

// Each loop of a collapse(N) nest must be canonical.
#pragma qd kernel
void fill(float* a, int h, int w)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = w - 1; x != 0; --x) // expected-error {{unsupported parallel loop form: the condition must be 'x < end' or 'x <= end' (counting up), 'x > end' or 'x >= end' (counting down)}}
            a[y * w + x] = 0.0f;
}
