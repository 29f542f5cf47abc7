// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Namespace-scope variables in device code (SPEC section 1, "Globals"): a
// constexpr scalar read where it is; a non-const scalar, a pointer, a const
// double, a struct and a const array (a 2-D one too) read on the host at the
// call and passed by value; a host statement between two loops changing a
// global, which the second loop sees, and the host after the call. Globals
// named with a qualifier ('config::scale', '::nx') are the same variables:
// the generated code names them by their bare names, which the host entries
// declare as references to them. A loop bound alone may name a qualified
// global ('i < sim::count'): the cpu output named it 'count' without
// passing it (issue 42).

constexpr int kHalo = 1;
int nx = 0;
double* profile = nullptr;
const double dx = 0.5;
const double coef[3] = {0.25, 0.5, 0.25};
const float mix[2][2] = {{1.0f, 2.0f}, {3.0f, 4.0f}};
struct Grid { int n; double h; };
Grid grid = {0, 0.0};
namespace config {
double scale = 1.0;
}
namespace sim {
int count = 0;
}

#pragma qd kernel
void globals(double* out, const double* in, float* f)
{
    for (int i = kHalo; i < nx - kHalo; ++i) {
        double s = 0;
        for (int k = 0; k < 3; ++k)
            s += coef[k] * in[i - 1 + k];
        out[i] = s * dx + profile[i] + grid.h * grid.n;
    }
    ::nx += 1;
    for (int i = 0; i < ::nx - 1; ++i)
        f[i] = mix[i % 2][(i / 2) % 2] + static_cast<float>(config::scale * ::nx);
}

#pragma qd kernel
void ramp(float* g)
{
    for (int i = 0; i < sim::count; ++i)
        g[i] = 0.5f * static_cast<float>(i);
}
