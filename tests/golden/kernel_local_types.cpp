// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Types declared at a kernel's top level ('using', 'typedef', a local
// struct and enum), used by later loops, a reduction and a serial task. Each
// device function is outside the kernel, so it declares again the types
// that come before its statement; a local alias in a parameter or loop
// variable type is spelled as what it names (issue 27: these became empty
// serial tasks, and later loops could not see the types). The member
// functions of a kernel's own struct, called by device code in a region's
// blocks, at the top level or in a function-template kernel, are
// '__host__ __device__' in every copy of the struct (issue 42: they were
// host functions, which nvcc refuses to call from a __global__ function).

#pragma qd kernel
void blend(float* a, int n)
{
    using real = float;
    typedef int index_t;
    struct Pair {
        real lo, hi;
    };
    enum class Mode { Add, Mul };
    const real h = 0.5f;
    for (index_t i = 0; i < n; ++i) {
        const Pair p{a[i], h};
        const Mode m = i % 2 ? Mode::Add : Mode::Mul;
        a[i] = m == Mode::Add ? p.lo + p.hi : p.lo * p.hi;
    }
    real total = 0;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    a[n] = total;
}

#pragma qd kernel
void mix(const float* in, float* out, float* scaled, int n)
{
    struct Mixer {
        float k;
        float apply(float x) const { return k * x + offset(); }
        float offset() const { return 0.125f; }
    };
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) {
            const Mixer m{0.5f};
            out[i] = m.apply(in[i]);
        }
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) {
            struct Doubler {
                float twice(float x) const { return x + x; }
            };
            scaled[i] = Doubler{}.twice(in[i]);
        }
    }
    for (int i = 0; i < n; ++i)
        out[i] += Mixer{2.0f}.apply(scaled[i]);
}

#pragma qd kernel
template <typename T>
void mix_typed(const T* in, T* out, int n)
{
    struct Mixer {
        T k;
        T apply(T x) const { return k * x; }
    };
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) {
            const Mixer m{T(0.25)};
            auto twice = [](T x) { return x + x; };
            out[i] = twice(m.apply(in[i]));
        }
    }
}

template void mix_typed<double>(const double*, double*, int);
