// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels inside a namespace, a nested namespace (classic and C++17 `a::b` forms) and an
// anonymous namespace, with helpers in those namespaces and qualified calls from host code.

namespace physics {

inline float kinetic(float m, float v) { return 0.5f * m * v * v; }

#pragma qd kernel
void kinetic_energy(float* e, const float* mass, const float* vel, int n)
{
    for (int i = 0; i < n; ++i)
        e[i] = kinetic(mass[i], vel[i]);
}

namespace integrators {

#pragma qd kernel
void euler_step(float* x, float* v, const float* a, int n, float dt)
{
    for (int i = 0; i < n; ++i) {
        v[i] += dt * a[i];
        x[i] += dt * v[i];
    }
}

}  // namespace integrators
}  // namespace physics

namespace solvers::linear {

#pragma qd kernel
void jacobi_sweep(float* x_next, const float* x, const float* b, int n, float diag, float off)
{
    for (int i = 1; i < n - 1; ++i)
        x_next[i] = (b[i] - off * (x[i - 1] + x[i + 1])) / diag;
}

}  // namespace solvers::linear

namespace {

#pragma qd kernel
void zero_fill(float* p, int n)
{
    for (int i = 0; i < n; ++i)
        p[i] = 0.0f;
}

}  // namespace

void step_all(float* x, float* v, const float* a, const float* m, float* e, float* tmp,
              const float* b, int n, float dt)
{
    zero_fill(tmp, n);
    physics::integrators::euler_step(x, v, a, n, dt);
    physics::kinetic_energy(e, m, v, n);
    solvers::linear::jacobi_sweep(tmp, x, b, n, 4.0f, -1.0f);
}
