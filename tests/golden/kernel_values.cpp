// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel's name as a value, as any function's: a function pointer set from
// the name and from '&name', '&(name)', and a call through '(&name)'. Each
// goes to the plain entry point (the translation adds a stream overload, so
// the name alone would be ambiguous). And kernels that call a kernel named
// through a using-declaration and through a namespace alias.

#pragma qd kernel
void scale_by(float* u, int n, float f)
{
    for (int i = 0; i < n; ++i)
        u[i] *= f;
}

#pragma qd kernel
void shift_by(float* u, int n, float f)
{
    for (int i = 0; i < n; ++i)
        u[i] += f;
}

using Step = void (*)(float*, int, float);

void apply_steps(float* u, int n)
{
    Step first = scale_by;
    Step second = &shift_by;
    Step third = &(scale_by);
    first(u, n, 2.0f);
    second(u, n, 1.0f);
    third(u, n, 0.5f);
    (&shift_by)(u, n, -3.0f);
}

namespace phys {
#pragma qd kernel
void relax(float* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5f * u[i] + 0.25f;
}
} // namespace phys

namespace ph = phys;

#pragma qd kernel
void relax_twice(float* u, int n)
{
    using phys::relax;
    relax(u, n);
    ph::relax(u, n);
}
