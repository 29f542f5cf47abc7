// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 1-D shallow water equations: finite volumes with Rusanov fluxes and
// forward Euler steps, on [0, 1] with one halo cell at each end. Two
// problems: a dam break between reflective walls, and a Gaussian bump on a
// periodic domain. The state lives in globals; each stage of a step is a
// function, as in the serial mini-apps that GPU courses start from.
// Ported from serial/shallow_water.cpp by adding directives and device
// memory (docs/porting.md shows the diff).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
#include <qd/qd.h>

enum ProblemKind { DAM_BREAK, GAUSSIAN_BUMP };

const double gravity = 9.81;
const double cfl = 0.4;

ProblemKind problem;
int nx;                    // interior cells 1..nx; 0 and nx + 1 are halos
double dx, dt;
double *h, *hu;            // depth and momentum per cell
double *flux_h, *flux_hu;  // per face: face i is between cells i and i + 1

#pragma qd kernel
void init_state()
{
    for (int i = 1; i <= nx; ++i) {
        double x = (i - 0.5) * dx;
        if (problem == DAM_BREAK)
            h[i] = x < 0.5 ? 2.0 : 1.0;
        else
            h[i] = 1.0 + 0.5 * std::exp(-100.0 * (x - 0.5) * (x - 0.5));
        hu[i] = 0.0;
    }
}

#pragma qd kernel
void set_halos()
{
    if (problem == DAM_BREAK) {
        // Reflective walls.
        h[0] = h[1];
        hu[0] = -hu[1];
        h[nx + 1] = h[nx];
        hu[nx + 1] = -hu[nx];
    } else {
        // Periodic.
        h[0] = h[nx];
        hu[0] = hu[nx];
        h[nx + 1] = h[1];
        hu[nx + 1] = hu[1];
    }
}

#pragma qd kernel
void compute_fluxes()
{
    int i;
    double hl, hr, ul, ur, speed;
    for (i = 0; i <= nx; i++) {
        hl = h[i];
        hr = h[i + 1];
        ul = hu[i] / hl;
        ur = hu[i + 1] / hr;
        speed = std::max(std::fabs(ul) + std::sqrt(gravity * hl),
                         std::fabs(ur) + std::sqrt(gravity * hr));
        flux_h[i] = 0.5 * (hu[i] + hu[i + 1]) - 0.5 * speed * (hr - hl);
        flux_hu[i] = 0.5 * (hu[i] * ul + 0.5 * gravity * hl * hl +
                            hu[i + 1] * ur + 0.5 * gravity * hr * hr) -
                     0.5 * speed * (hu[i + 1] - hu[i]);
    }
}

#pragma qd kernel
void update()
{
    for (int i = 1; i <= nx; ++i) {
        h[i] -= dt / dx * (flux_h[i] - flux_h[i - 1]);
        hu[i] -= dt / dx * (flux_hu[i] - flux_hu[i - 1]);
    }
}

#pragma qd kernel
void step()
{
    set_halos();
    compute_fluxes();
    update();
}

#pragma qd kernel
void run(int steps)
{
#pragma qd loop seq
    for (int t = 0; t < steps; ++t)
        step();
}

double report(const char* name)
{
    double mass = 0.0, peak = 0.0, moment = 0.0;
    for (int i = 1; i <= nx; ++i) {
        mass += h[i] * dx;
        peak = std::max(peak, h[i]);
        moment += (i - 0.5) * dx * hu[i] * dx;
    }
    std::printf("%s.mass %.15g\n", name, mass);
    std::printf("%s.peak %.15g\n", name, peak);
    std::printf("%s.moment %.15g\n", name, moment);
    return mass;
}

int main()
{
    const ProblemKind kinds[] = {DAM_BREAK, GAUSSIAN_BUMP};
    const char* names[] = {"dam_break", "gaussian_bump"};
    // Both problems conserve mass: walls reflect, the bump's domain is periodic.
    const double initial_mass[] = {1.5, 1.0886226925452758};
    for (int k = 0; k < 2; ++k) {
        problem = kinds[k];
        nx = 2000;
        dx = 1.0 / nx;
        dt = cfl * dx / (2.0 * std::sqrt(gravity * 2.0));
        qd::Buffer<double> d_h(nx + 2), d_hu(nx + 2), d_flux_h(nx + 1), d_flux_hu(nx + 1);
        h = d_h.data();
        hu = d_hu.data();
        flux_h = d_flux_h.data();
        flux_hu = d_flux_hu.data();

        init_state();
        run(500);
        std::vector<double> h_host(nx + 2), hu_host(nx + 2);
        d_h.copy_to_host(h_host.data());
        d_hu.copy_to_host(hu_host.data());
        qd::synchronize();
        h = h_host.data();
        hu = hu_host.data();
        if (std::fabs(report(names[k]) - initial_mass[k]) > 1e-9) {
            std::fprintf(stderr, "CHECK FAILED: %s does not conserve mass\n", names[k]);
            return 1;
        }
    }
    return 0;
}
