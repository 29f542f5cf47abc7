// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop bound read from device memory (a count computed by an earlier
// step, a struct member behind a pointer). Bounds are evaluated on the
// host before the launch, where device memory cannot be read.
#include <array>

struct Range {
    int first;
    int last;
};

#pragma qd kernel
void compact(float* out, const float* in, const int* count, const Range* r)
{
    for (int i = 0; i < *count; ++i) // expected-error {{loop end uses '*count', which is not a host value; bounds are evaluated on the host and may use only scalar parameters, constants and host scalars}}
        out[i] = in[i];
    for (int i = r->first; i <= r->last; ++i) // expected-error {{loop begin uses 'r->first', which is not a host value}} expected-error {{loop end uses 'r->last', which is not a host value}}
        out[i] *= 2.0f;
}

// The inner loops of a collapse(N) nest are launched with it: their bounds
// are evaluated on the host too.
#pragma qd kernel
void rows(float* out, const int* width, int h)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < width[0]; ++x) // expected-error {{loop end uses 'width[0]', which is not a host value}}
            out[y * 64 + x] = 0.0f;
}

// A class that holds an address: its operator[] and operator* follow it
// into device memory, even on a 'const&' parameter.
struct Span {
    const int* data;
    int operator[](int i) const { return data[i]; }
    int operator*() const { return *data; }
};
struct Window {
    std::array<const int*, 2> ends;
};

#pragma qd kernel
void spans(float* out, const Span& s, Window w)
{
    for (int i = s[0]; i < 8; ++i) // expected-error {{loop begin uses 's[0]', which is not a host value}}
        out[i] = 0.0f;
    for (int i = 0; i < *s; ++i) // expected-error {{loop end uses '*s', which is not a host value}}
        out[i] = 1.0f;
    for (int i = 0; i < *w.ends[1]; ++i) // expected-error {{loop end uses '*w.ends[1]', which is not a host value}}
        out[i] = 2.0f;
}
