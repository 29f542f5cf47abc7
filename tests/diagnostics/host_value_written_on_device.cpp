// Assigning to a parameter or host scalar in device code, for example to
// count or accumulate. Device code gets its own copy of every host value, so
// the change would be lost; the serial program would see it.
struct Params {
    float scale;
    int n;
};

#pragma qd kernel
void count_and_scale(float* x, Params p, int n)
{
    int count = 0;
    for (int i = 0; i < n; ++i) {
        if (x[i] > 0.0f)
            ++count; // expected-error {{'count' is a host value that device code receives by value; assigning to it here would not change it for later statements or other threads; use a local variable, or device memory}}
    }
    p.scale = 2.0f; // expected-error {{'p' is a host value that device code receives by value}}
    n -= 1; // expected-error {{'n' is a host value that device code receives by value}}
    x[0] = static_cast<float>(count) * p.scale;
}
