// In a reducing loop, the body may only combine into the variable: every
// thread has a private partial copy until the loop ends.
#include <algorithm>

#pragma qd kernel
void stats(const float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i) {
        out[i] = total; // expected-error {{'total' is a reduction variable of this loop ('reduction(+: total)'), so its body may only combine values into it, as in 'total += e'; this use reads it, which would see a partial value of one thread; compute into a local, then combine the local}}
        total += a[i];
    }

    float hi = -1e30f;
    #pragma qd loop reduction(max: hi)
    for (int i = 0; i < n; ++i)
        hi = a[i]; // expected-error {{'hi' is a reduction variable of this loop ('reduction(max: hi)'), so its body may only combine values into it, as in 'hi = std::max(hi, e)'; this use writes it, which the combine would lose; compute into a local, then combine the local}}

    float lo = 1e30f;
    #pragma qd loop reduction(min: lo)
    for (int i = 0; i < n; ++i)
        lo = std::max(lo, a[i]); // expected-error {{'lo' is a reduction variable of this loop ('reduction(min: lo)'), so its body may only combine values into it, as in 'lo = std::min(lo, e)'; this use combines it with 'max' instead; compute into a local, then combine the local}}

    float twice = 0.0f;
    #pragma qd loop reduction(+: twice)
    for (int i = 0; i < n; ++i)
        twice += twice * a[i]; // expected-error {{'twice' is a reduction variable of this loop ('reduction(+: twice)'), so its body may only combine values into it, as in 'twice += e'; this use reads it}}

    int count = 0;
    #pragma qd loop reduction(+: count)
    for (int i = 0; i < n; ++i)
        out[i] = static_cast<float>(count++); // expected-error {{'count' is a reduction variable of this loop ('reduction(+: count)'), so its body may only combine values into it, as in 'count += e'; this use writes it}}
}
