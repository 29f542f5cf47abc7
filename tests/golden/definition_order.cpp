// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Any definition order (SPEC section 1, "Real programs"), as serial C programs
// are written: prototypes at the top, the driver first, callers before their
// callees, helpers last. Callees defined after their callers: a plain kernel,
// a graph-mode one, one with a reduction, a template, kernels in a namespace
// (declared in one namespace block, defined in another, called qualified and
// unqualified), and device helpers declared by prototype and defined last.
// Some prototypes carry '#pragma qd kernel' too, as a header's would: with the
// definition's clauses, or ('damp') instead of a directive on the definition.
// Default arguments, taken by the calling kernels, name what only the callee's
// scope knows: its template parameter ('T(2)'), a constant and an enumerator of
// its namespace; on a prototype, on a later prototype, or on a definition
// that comes first.

// Prototypes, as a C header would have them.
float scale(float x);
static float shifted(float x, float by);
void simulate(float* u, float* v, float* out, int n, int steps);
void step(float* u, int n);
void run(float* u, float* v, float* out, int n, int steps);
#pragma qd kernel
void stage(float* a, int n);
#pragma qd kernel graph
void smooth(float* a, int n);
void total(const float* a, float* out, int n);
#pragma qd kernel block_dim(128)
template <class T>
void axpy(T* y, const T* x, T a, int n);
template <class T>
void scaled(T* y, int n, T by = T(2));
namespace physics {
constexpr float kCeiling = 100.0f;
enum Clamp { Soft, Hard };
void relax(float* a, int n, float w = 0.5f);
#pragma qd kernel
void damp(float* a, int n, float ceiling = kCeiling, Clamp how = Hard);
// A later declaration adds the default, which the caller's namespace's
// 'kRate' must not replace.
constexpr float kRate = 0.25f;
void settle(float* a, int n, float rate);
void settle(float* a, int n, float rate = kRate);
} // namespace physics
inline constexpr float kRate = 8.0f;

// Defined before its callers, with a default of its own namespace.
namespace limits {
constexpr float kFloor = -50.0f;
#pragma qd kernel
void floor_at(float* a, int n, float lowest = kFloor)
{
    for (int i = 0; i < n; ++i)
        a[i] = a[i] < lowest ? lowest : a[i];
}
} // namespace limits

// The driver comes first and calls kernels that are only declared so far.
void simulate(float* u, float* v, float* out, int n, int steps)
{
    step(u, n);
    run(u, v, out, n, steps);
}

// Calls 'stage' twice, declared above and defined below.
#pragma qd kernel
void step(float* u, int n)
{
    stage(u, n);
    stage(u, n);
}

// A graph-mode caller: every callee's launches join its graph.
#pragma qd kernel graph
void run(float* u, float* v, float* out, int n, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        step(u, n);
        axpy(v, u, 0.25f, n);
        physics::relax(u, n);
        physics::damp(v, n);
        physics::settle(v, n);
        limits::floor_at(v, n);
        smooth(v, n);
        total(v, out + s, n);
    }
}

#pragma qd kernel
void stage(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = shifted(scale(a[i]), 1.0f);
}

// A graph-mode callee, called by a graph-mode caller.
#pragma qd kernel graph
void smooth(float* a, int n)
{
    for (int i = 1; i < n - 1; i += 2)
        a[i] = 0.5f * (a[i - 1] + a[i + 1]);
}

// A callee with a reduction.
#pragma qd kernel
void total(const float* a, float* out, int n)
{
    float sum = 0.0f;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += a[i];
    out[0] = sum;
}

#pragma qd kernel block_dim(128)
template <class T>
void axpy(T* y, const T* x, T a, int n)
{
    scaled(y, n);
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

// Called by a template kernel, whose call depends on its 'T'.
#pragma qd kernel
template <class T>
void scaled(T* y, int n, T by)
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] * by / T(2.5);
}

namespace physics {

// Calls 'damp' of its own namespace, defined after it.
#pragma qd kernel
void relax(float* a, int n, float w)
{
    damp(a, n);
    limits::floor_at(a, n);
    for (int i = 0; i < n; ++i)
        a[i] *= 1.0f - w * 0.01f;
}

void damp(float* a, int n, float ceiling, Clamp how)
{
    for (int i = 0; i < n; ++i)
        a[i] = a[i] > ceiling ? (how == Hard ? ceiling : 0.5f * (a[i] + ceiling)) : a[i];
}

#pragma qd kernel
void settle(float* a, int n, float rate)
{
    for (int i = 0; i < n; ++i)
        a[i] -= rate * a[i];
}

} // namespace physics

// Helpers last.
float scale(float x)
{
    return 0.5f * x;
}

static float shifted(float x, float by)
{
    return x + by;
}
