// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels with C linkage, as a C library's API is ported: one marked
// 'extern "C"' on its own, the others inside 'extern "C" { }' with a C
// header's prototypes at the top. The entry points with the user's signature
// keep C linkage, so C code and dlsym find them by their plain names; the
// stream overloads and everything else generated have C++ linkage. A kernel
// of the braces calls one defined before it and one defined after it, and a
// graph-mode kernel calls both.

#ifdef __cplusplus
extern "C" {
#endif
void c_scale(float* u, int n, float by);
void c_relax(float* u, const float* v, int n);
void c_finish(float* u, int n);
void c_run(float* u, float* v, float* out, int n, int steps);
#ifdef __cplusplus
}
#endif

// 'extern "C"' on the definition itself.
#pragma qd kernel
extern "C" void c_scale(float* u, int n, float by)
{
    for (int i = 0; i < n; ++i)
        u[i] *= by;
}

extern "C" {

// Calls a kernel defined before it and one defined after it.
#pragma qd kernel
void c_relax(float* u, const float* v, int n)
{
    c_scale(u, n, 0.75f);
    for (int i = 0; i < n; ++i)
        u[i] += 0.25f * v[i];
    c_finish(u, n);
}

#pragma qd kernel
void c_finish(float* u, int n)
{
    for (int i = 0; i < n; ++i)
        u[i] = u[i] > 10.0f ? 10.0f : u[i];
}

// Graph mode: every callee's launches join its graph.
#pragma qd kernel graph
void c_run(float* u, float* v, float* out, int n, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        c_relax(u, v, n);
        c_scale(v, n, 1.5f);
    }
    float sum = 0.0f;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += u[i];
    out[0] = sum;
}

} // extern "C"
