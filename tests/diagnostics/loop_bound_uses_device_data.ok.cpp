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

#pragma qd kernel
void rows(float* out, int width, int h)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < width; ++x)
            out[y * 64 + x] = 0.0f;
}
