// Types declared at a kernel's top level ('using', 'typedef', a local
// struct and enum), used by later loops, a reduction and a serial task. Each
// device function is outside the kernel, so it declares again the types
// that come before its statement; a local alias in a parameter or loop
// variable type is spelled as what it names (issue 27: these became empty
// serial tasks, and later loops could not see the types).

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
