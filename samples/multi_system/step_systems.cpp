// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// step_systems.cpp -- the kernel of the multi_system sample: four independent physical systems
// advanced concurrently.
//
// One qd kernel whose body is
//   * a parallel loop on the launch stream (clear the statistics),
//   * a parallel region of four `#pragma qd stream_parallel` blocks, one per system, each with
//     its own host scalars and one or more parallel loops that run in order on the block's
//     stream (gravity well, damped oscillators, spring chain, 2D heat field),
//   * after the join, parallel reduction loops that read every system's state and accumulate
//     per-system energy / momentum / heat into `stats` with qd::atomic_add.
// The loop bodies call the helpers of systems.h, a header of this project. Compiled with g++
// alone the pragmas are ignored and the same file is the serial reference. main.cpp calls the
// kernel through the generated entry-point header step_systems.qd.h.

#include <qd/qd.h>
#include <qd/atomic.h>

#include "systems.h"

// Advances every system by one call's worth of time and recomputes the statistics.
//   well:  n particles in a softened central potential, `substeps` leapfrog steps per call
//   osc:   n damped harmonic oscillators, `substeps` exact-propagator steps per call
//   chain: periodic chain of n unit masses and springs, one velocity Verlet step per call
//          (chain_f holds the force from the previous call)
//   heat:  nx*ny periodic field, two FTCS steps per call (a -> b -> a)
#pragma qd kernel
void step_systems(Particles2D well, float* osc_x, float* osc_v,
                  float* chain_u, float* chain_v, float* chain_f,
                  float* heat_a, float* heat_b, double* stats,
                  const StepParams& p, int n, int nx, int ny, int substeps)
{
    for (int s = 0; s < kNumStats; ++s)
        stats[s] = 0.0;

    #pragma qd stream_parallel
    {   // System 1: gravity well, kick-drift-kick leapfrog per particle.
        float dt = p.well_dt;
        float half_dt = 0.5f * dt;
        float gm = p.gm;
        float eps2 = p.softening2;
        for (int i = 0; i < n; ++i) {
            float x = well.x[i], y = well.y[i], vx = well.vx[i], vy = well.vy[i];
            float ax, ay;
            well_accel(x, y, gm, eps2, ax, ay);
            for (int step = 0; step < substeps; ++step) {
                vx += half_dt * ax;
                vy += half_dt * ay;
                x += dt * vx;
                y += dt * vy;
                well_accel(x, y, gm, eps2, ax, ay);
                vx += half_dt * ax;
                vy += half_dt * ay;
            }
            well.x[i] = x;
            well.y[i] = y;
            well.vx[i] = vx;
            well.vy[i] = vy;
        }
    }
    #pragma qd stream_parallel
    {   // System 2: damped oscillators x'' + 2 zeta w x' + w^2 x = 0, exact propagator.
        float dt = p.osc_dt;
        float zeta = p.zeta;
        float damp_factor = sqrtf(1.0f - zeta * zeta);
        for (int i = 0; i < n; ++i) {
            float w = osc_omega(i);
            float gamma = zeta * w;
            float wd = w * damp_factor;
            float decay = expf(-gamma * dt);
            float c = cosf(wd * dt);
            float sn = sinf(wd * dt) / wd;
            float m00 = decay * (c + gamma * sn), m01 = decay * sn;
            float m10 = -decay * w * w * sn, m11 = decay * (c - gamma * sn);
            float x = osc_x[i], v = osc_v[i];
            for (int step = 0; step < substeps; ++step) {
                float xn = m00 * x + m01 * v;
                float vn = m10 * x + m11 * v;
                x = xn;
                v = vn;
            }
            osc_x[i] = x;
            osc_v[i] = v;
        }
    }
    #pragma qd stream_parallel
    {   // System 3: periodic spring chain, velocity Verlet (two loops: drift, then force+kick).
        float dt = p.chain_dt;
        float half_dt = 0.5f * dt;
        float k = p.spring_k;
        for (int i = 0; i < n; ++i) {
            float v = chain_v[i] + half_dt * chain_f[i];
            chain_v[i] = v;
            chain_u[i] += dt * v;
        }
        for (int i = 0; i < n; ++i) {
            float left = chain_u[wrap(i - 1, n)];
            float right = chain_u[wrap(i + 1, n)];
            float f = k * (left + right - 2.0f * chain_u[i]);
            chain_f[i] = f;
            chain_v[i] += half_dt * f;
        }
    }
    #pragma qd stream_parallel
    {   // System 4: 2D heat diffusion, double-buffered FTCS, two steps.
        const int cells = nx * ny;
        float r = p.heat_r;
        for (int c = 0; c < cells; ++c)
            heat_b[c] = heat_update(heat_a, c, nx, ny, r);
        for (int c = 0; c < cells; ++c)
            heat_a[c] = heat_update(heat_b, c, nx, ny, r);
    }

    // After the join: per-system statistics, chunked partial sums in double + atomics.
    const int chunks = (n + kChunk - 1) / kChunk;
    const float gm = p.gm;
    const float eps2 = p.softening2;
    const float k = p.spring_k;
    for (int ch = 0; ch < chunks; ++ch) {
        int begin = ch * kChunk;
        int end = begin + kChunk < n ? begin + kChunk : n;
        double e_well = 0.0, l_well = 0.0, e_osc = 0.0, e_chain = 0.0, p_chain = 0.0;
        for (int i = begin; i < end; ++i) {
            float x = well.x[i], y = well.y[i], vx = well.vx[i], vy = well.vy[i];
            e_well += 0.5 * (double(vx) * vx + double(vy) * vy) + well_potential(x, y, gm, eps2);
            l_well += double(x) * vy - double(y) * vx;

            double w = osc_omega(i);
            double ox = osc_x[i], ov = osc_v[i];
            e_osc += 0.5 * (ov * ov + w * w * ox * ox);

            double cv = chain_v[i];
            double stretch = double(chain_u[wrap(i + 1, n)]) - chain_u[i];
            e_chain += 0.5 * cv * cv + 0.5 * k * stretch * stretch;
            p_chain += cv;
        }
        qd::atomic_add(&stats[kWellEnergy], e_well);
        qd::atomic_add(&stats[kWellAngularMomentum], l_well);
        qd::atomic_add(&stats[kOscEnergy], e_osc);
        qd::atomic_add(&stats[kChainEnergy], e_chain);
        qd::atomic_add(&stats[kChainMomentum], p_chain);
    }
    const int cells = nx * ny;
    const int heat_chunks = (cells + kChunk - 1) / kChunk;
    for (int ch = 0; ch < heat_chunks; ++ch) {
        int begin = ch * kChunk;
        int end = begin + kChunk < cells ? begin + kChunk : cells;
        double total = 0.0, sumsq = 0.0;
        for (int c = begin; c < end; ++c) {
            double u = heat_a[c];
            total += u;
            sumsq += u * u;
        }
        qd::atomic_add(&stats[kHeatTotal], total);
        qd::atomic_add(&stats[kHeatSumSq], sumsq);
    }
}
