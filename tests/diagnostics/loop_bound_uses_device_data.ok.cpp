// Pass the bounds as scalar parameters, or a struct by value or 'const&'
// (the host reads it), and copy device-side counts to the host first if
// they are needed as bounds.
struct Range {
    int first;
    int last;
};

#pragma qd kernel
void compact(float* out, const float* in, int count, const Range& r)
{
    for (int i = 0; i < count; ++i)
        out[i] = in[i];
    for (int i = r.first; i <= r.last; ++i)
        out[i] *= 2.0f;
}
