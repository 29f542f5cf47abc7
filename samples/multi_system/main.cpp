// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// main.cpp -- host side of the multi_system sample: sets up four physical systems, calls the
// kernel step_systems() (step_systems.cpp) through its generated entry-point header, and checks
// the results.
//
// Checks (exit 1 on failure): finite state; gravity well: angular momentum conserved, energy
// conserved within the leapfrog error; oscillators: agree with the analytic damped solution;
// spring chain: agrees with the exact discrete (velocity Verlet) normal-mode solution, momentum
// stays zero; heat field: agrees with the exact discrete FTCS Fourier-mode solution, total heat
// conserved; kernel-computed statistics agree with a host recomputation.

#include "step_systems.qd.h"  // written by qd-translate --header (qd_translate_sources)
#include "systems.h"

#include <qd/qd.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <vector>

namespace {

const double kPi = 3.14159265358979323846;

int g_failures = 0;

void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "CHECK FAILED: %s\n", what);
        ++g_failures;
    }
}

double rel_diff(double a, double b)
{
    double scale = std::fabs(a) > std::fabs(b) ? std::fabs(a) : std::fabs(b);
    return scale == 0.0 ? 0.0 : std::fabs(a - b) / scale;
}

// Deterministic pseudo-random numbers in [0, 1) (64-bit LCG, top 24 bits).
struct Lcg {
    std::uint64_t state;
    float next()
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<float>(state >> 40) / 16777216.0f;
    }
};

bool all_finite(const std::vector<float>& v)
{
    for (float f : v)
        if (!std::isfinite(f)) return false;
    return true;
}

struct WellTotals {
    double energy = 0.0, angular_momentum = 0.0;
};

WellTotals well_totals(const std::vector<float>& x, const std::vector<float>& y,
                       const std::vector<float>& vx, const std::vector<float>& vy,
                       double gm, double eps2)
{
    WellTotals t;
    for (std::size_t i = 0; i < x.size(); ++i) {
        double px = x[i], py = y[i], ux = vx[i], uy = vy[i];
        t.energy += 0.5 * (ux * ux + uy * uy) - gm / std::sqrt(px * px + py * py + eps2);
        t.angular_momentum += px * uy - py * ux;
    }
    return t;
}

// cos(2 pi m i / n), with the phase reduced exactly in integers first.
double mode_shape(int m, int i, int n)
{
    long long phase = (static_cast<long long>(m) * i) % n;
    return std::cos(2.0 * kPi * double(phase) / n);
}

double chain_energy(const std::vector<float>& u, const std::vector<float>& v, double k)
{
    const std::size_t n = u.size();
    double e = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        double stretch = double(u[(i + 1) % n]) - u[i];
        e += 0.5 * double(v[i]) * v[i] + 0.5 * k * stretch * stretch;
    }
    return e;
}

}  // namespace

int main()
{
    const int n = 1 << 18;       // particles / oscillators / chain masses
    const int nx = 512, ny = 512; // heat field cells (also 2^18)
    const int cells = nx * ny;
    const int substeps = 8;
    const int calls = 12;

    StepParams p;
    p.well_dt = 0.01f;
    p.gm = 1.0f;
    p.softening2 = 0.05f * 0.05f;
    p.osc_dt = 0.02f;
    p.zeta = 0.05f;
    p.chain_dt = 0.1f;
    p.spring_k = 1.0f;
    p.heat_r = 0.2f;

    // -- gravity well: near-circular prograde orbits between r = 0.5 and r = 2.
    std::vector<float> wx(n), wy(n), wvx(n), wvy(n);
    Lcg rng{12345};
    for (int i = 0; i < n; ++i) {
        double r = 0.5 + 1.5 * rng.next();
        double phi = 2.0 * kPi * rng.next();
        double r2 = r * r + p.softening2;
        double v_circ = std::sqrt(p.gm * r * r / (r2 * std::sqrt(r2)));
        double v_t = v_circ * (0.8 + 0.3 * rng.next());
        double v_r = v_circ * (0.2 * rng.next() - 0.1);
        double c = std::cos(phi), s = std::sin(phi);
        wx[i] = float(r * c);
        wy[i] = float(r * s);
        wvx[i] = float(v_r * c - v_t * s);
        wvy[i] = float(v_r * s + v_t * c);
    }
    const WellTotals well0 = well_totals(wx, wy, wvx, wvy, p.gm, p.softening2);

    // -- damped oscillators: x(0) = A_i, v(0) = 0.
    std::vector<float> ox(n), ov(n, 0.0f);
    for (int i = 0; i < n; ++i) ox[i] = float(0.5 + 0.5 * std::cos(0.001 * i));

    // -- spring chain: superposition of two normal modes, at rest; force from the initial state.
    const int mode1 = n / 8, mode2 = 87381;
    const double amp1 = 0.1, amp2 = 0.05;
    std::vector<float> cu(n), cv(n, 0.0f), cf(n);
    for (int i = 0; i < n; ++i)
        cu[i] = float(amp1 * mode_shape(mode1, i, n) + amp2 * mode_shape(mode2, i, n));
    for (int i = 0; i < n; ++i)
        cf[i] = p.spring_k * (cu[(i + n - 1) % n] + cu[(i + 1) % n] - 2.0f * cu[i]);
    const double chain_e0 = chain_energy(cu, cv, p.spring_k);

    // -- heat field: background 1 plus one Fourier mode (kx, ky) of amplitude 0.5.
    const int kx = 16, ky = 24;
    std::vector<float> ha(cells), hb(cells, 0.0f);
    for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x)
            ha[y * nx + x] = float(1.0 + 0.5 * std::cos(2.0 * kPi * kx * x / nx) *
                                             std::cos(2.0 * kPi * ky * y / ny));
    double heat_total0 = 0.0;
    for (float u : ha) heat_total0 += u;

    // -- device buffers.
    qd::Buffer<float> d_wx(n), d_wy(n), d_wvx(n), d_wvy(n);
    qd::Buffer<float> d_ox(n), d_ov(n);
    qd::Buffer<float> d_cu(n), d_cv(n), d_cf(n);
    qd::Buffer<float> d_ha(cells), d_hb(cells);
    qd::Buffer<double> d_stats(kNumStats);
    d_wx.copy_from_host(wx.data());
    d_wy.copy_from_host(wy.data());
    d_wvx.copy_from_host(wvx.data());
    d_wvy.copy_from_host(wvy.data());
    d_ox.copy_from_host(ox.data());
    d_ov.copy_from_host(ov.data());
    d_cu.copy_from_host(cu.data());
    d_cv.copy_from_host(cv.data());
    d_cf.copy_from_host(cf.data());
    d_ha.copy_from_host(ha.data());
    d_hb.copy_from_host(hb.data());

    Particles2D well{d_wx.data(), d_wy.data(), d_wvx.data(), d_wvy.data()};
    for (int call = 0; call < calls; ++call)
        step_systems(well, d_ox.data(), d_ov.data(), d_cu.data(), d_cv.data(), d_cf.data(),
                     d_ha.data(), d_hb.data(), d_stats.data(), p, n, nx, ny, substeps);

    std::vector<double> stats(kNumStats);
    d_wx.copy_to_host(wx.data());
    d_wy.copy_to_host(wy.data());
    d_wvx.copy_to_host(wvx.data());
    d_wvy.copy_to_host(wvy.data());
    d_ox.copy_to_host(ox.data());
    d_ov.copy_to_host(ov.data());
    d_cu.copy_to_host(cu.data());
    d_cv.copy_to_host(cv.data());
    d_ha.copy_to_host(ha.data());
    d_stats.copy_to_host(stats.data());
    qd::synchronize();

    // ---- results (compared between the serial and the GPU build)
    std::printf("%s %.9g\n", "well_energy", stats[kWellEnergy]);
    std::printf("%s %.9g\n", "well_angular_momentum", stats[kWellAngularMomentum]);
    std::printf("%s %.9g\n", "osc_energy", stats[kOscEnergy]);
    std::printf("%s %.9g\n", "chain_energy", stats[kChainEnergy]);
    std::printf("%s %.9g\n", "heat_total", stats[kHeatTotal]);
    std::printf("%s %.9g\n", "heat_sumsq", stats[kHeatSumSq]);

    // ---- self-checks
    check(all_finite(wx) && all_finite(wy) && all_finite(wvx) && all_finite(wvy),
          "gravity well state is finite");
    check(all_finite(ox) && all_finite(ov), "oscillator state is finite");
    check(all_finite(cu) && all_finite(cv), "chain state is finite");
    check(all_finite(ha), "heat field is finite");
    for (int s = 0; s < kNumStats; ++s) check(std::isfinite(stats[s]), "statistics are finite");

    // Gravity well: central force => angular momentum exactly conserved by leapfrog (up to
    // rounding); energy conserved up to the O(dt^2) leapfrog error.
    const WellTotals well1 = well_totals(wx, wy, wvx, wvy, p.gm, p.softening2);
    check(rel_diff(well1.angular_momentum, well0.angular_momentum) < 1e-5,
          "gravity well: angular momentum conserved");
    check(rel_diff(well1.energy, well0.energy) < 1e-3, "gravity well: energy conserved");
    check(rel_diff(stats[kWellEnergy], well1.energy) < 1e-6,
          "gravity well: kernel energy matches host recomputation");
    check(rel_diff(stats[kWellAngularMomentum], well1.angular_momentum) < 1e-6,
          "gravity well: kernel angular momentum matches host recomputation");

    // Oscillators: analytic solution of the damped oscillator at t = calls*substeps*dt.
    {
        const double t = double(calls) * substeps * p.osc_dt;
        const double zeta = p.zeta;
        double max_err = 0.0, energy = 0.0;
        for (int i = 0; i < n; ++i) {
            double w = 1.0 + 0.5 * double(i % 1024) / 1024.0;
            double gamma = zeta * w, wd = w * std::sqrt(1.0 - zeta * zeta);
            double x0 = double(float(0.5 + 0.5 * std::cos(0.001 * i)));
            double e = std::exp(-gamma * t), c = std::cos(wd * t), s = std::sin(wd * t);
            double x = e * (x0 * c + gamma * x0 / wd * s);
            double v = -e * w * w * x0 / wd * s;
            double err = std::fabs(x - ox[i]) + std::fabs(v - ov[i]);
            if (err > max_err) max_err = err;
            energy += 0.5 * (double(ov[i]) * ov[i] + w * w * double(ox[i]) * ox[i]);
        }
        check(max_err < 5e-4, "oscillators: match the analytic damped solution");
        check(rel_diff(stats[kOscEnergy], energy) < 1e-6,
              "oscillators: kernel energy matches host recomputation");
    }

    // Spring chain: each normal mode evolves as cos(n*phi) with cos(phi) = 1 - (w dt)^2 / 2
    // under velocity Verlet, exactly; total momentum stays zero; energy nearly conserved.
    {
        const double dt = p.chain_dt;
        auto mode_factor = [&](int m) {
            double s = std::sin(kPi * m / n);
            double w2 = 4.0 * p.spring_k * s * s;
            double phi = std::acos(1.0 - 0.5 * w2 * dt * dt);
            return std::cos(calls * phi);
        };
        const double f1 = mode_factor(mode1), f2 = mode_factor(mode2);
        double max_err = 0.0, momentum = 0.0;
        for (int i = 0; i < n; ++i) {
            double u = amp1 * f1 * mode_shape(mode1, i, n) + amp2 * f2 * mode_shape(mode2, i, n);
            double err = std::fabs(u - cu[i]);
            if (err > max_err) max_err = err;
            momentum += cv[i];
        }
        const double e1 = chain_energy(cu, cv, p.spring_k);
        check(max_err < 1e-4, "spring chain: matches the discrete normal-mode solution");
        check(std::fabs(momentum) < 1e-3, "spring chain: total momentum stays zero");
        check(std::fabs(stats[kChainMomentum]) < 1e-3, "spring chain: kernel momentum is zero");
        check(rel_diff(e1, chain_e0) < 2e-2, "spring chain: energy conserved (Verlet)");
        check(rel_diff(stats[kChainEnergy], e1) < 1e-6,
              "spring chain: kernel energy matches host recomputation");
    }

    // Heat field: the Fourier mode decays by g per FTCS step, exactly; the mean is conserved.
    {
        const double sx = std::sin(kPi * kx / nx), sy = std::sin(kPi * ky / ny);
        const double g = 1.0 - 4.0 * p.heat_r * (sx * sx + sy * sy);
        const double amp = 0.5 * std::pow(g, 2 * calls);
        double max_err = 0.0, total = 0.0, sumsq = 0.0;
        float lo = ha[0], hi = ha[0];
        for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x) {
                double u = 1.0 + amp * std::cos(2.0 * kPi * kx * x / nx) *
                                       std::cos(2.0 * kPi * ky * y / ny);
                float h = ha[y * nx + x];
                double err = std::fabs(u - h);
                if (err > max_err) max_err = err;
                total += h;
                sumsq += double(h) * h;
                lo = h < lo ? h : lo;
                hi = h > hi ? h : hi;
            }
        check(max_err < 1e-4, "heat field: matches the discrete Fourier-mode solution");
        check(rel_diff(total, heat_total0) < 1e-5, "heat field: total heat conserved");
        check(lo >= 0.5f - 1e-5f && hi <= 1.5f + 1e-5f, "heat field: maximum principle");
        check(rel_diff(stats[kHeatTotal], total) < 1e-9,
              "heat field: kernel total matches host recomputation");
        check(rel_diff(stats[kHeatSumSq], sumsq) < 1e-9,
              "heat field: kernel sum of squares matches host recomputation");
    }

    if (g_failures != 0) {
        std::fprintf(stderr, "multi_system: %d check(s) failed\n", g_failures);
        return 1;
    }
    std::fprintf(stderr, "multi_system: all checks passed\n");
    return 0;
}
