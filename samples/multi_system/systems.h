// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// systems.h -- the data layout and physics helpers of the multi_system sample.
//
// Shared by the kernel file (step_systems.cpp), whose loop bodies call the helpers, and the
// host code (main.cpp). The helpers are ordinary inline C++: device code may call them because
// this header is under the project's input root, and qd-translate writes a translated copy of
// it, with the helpers made __host__ __device__, next to the generated file. This file itself
// is never edited by the tool.
#pragma once

#include <cmath>

// Structure-of-arrays particle storage (device pointers on GPU targets).
struct Particles2D {
    float* x;
    float* y;
    float* vx;
    float* vy;
};

// Physical constants of the four systems (trivially copyable; passed by const reference).
struct StepParams {
    float well_dt;       // gravity well time step
    float gm;            // gravity well strength G*M
    float softening2;    // squared softening length of the well
    float osc_dt;        // oscillator time step
    float zeta;          // oscillator damping ratio
    float chain_dt;      // spring chain time step
    float spring_k;      // spring constant (unit masses)
    float heat_r;        // alpha * dt / dx^2 of the heat field (stable for <= 0.25)
};

// Layout of the statistics array written by the kernel.
enum Stat {
    kWellEnergy = 0,
    kWellAngularMomentum,
    kOscEnergy,
    kChainEnergy,
    kChainMomentum,
    kHeatTotal,
    kHeatSumSq,
    kNumStats
};

constexpr int kChunk = 256;  // elements summed sequentially per reduction iteration

// ---- helpers called from loop bodies (the translated copy makes them __host__ __device__) ----

// Acceleration of a unit mass in the softened point-mass potential -gm / sqrt(r^2 + eps^2).
inline void well_accel(float x, float y, float gm, float eps2, float& ax, float& ay)
{
    float r2 = x * x + y * y + eps2;
    float inv_r = 1.0f / sqrtf(r2);
    float s = -gm * inv_r * inv_r * inv_r;
    ax = s * x;
    ay = s * y;
}

inline float well_potential(float x, float y, float gm, float eps2)
{
    return -gm / sqrtf(x * x + y * y + eps2);
}

inline int wrap(int i, int n)
{
    return i < 0 ? i + n : (i >= n ? i - n : i);
}

// Oscillator natural frequency, a closed form of the index (no array needed).
inline float osc_omega(int i)
{
    return 1.0f + 0.5f * static_cast<float>(i % 1024) / 1024.0f;
}

// One explicit FTCS step of the periodic 2D heat equation, cell `c` of an nx*ny field.
inline float heat_update(const float* u, int c, int nx, int ny, float r)
{
    int x = c % nx;
    int y = c / nx;
    float centre = u[c];
    float west = u[y * nx + wrap(x - 1, nx)];
    float east = u[y * nx + wrap(x + 1, nx)];
    float south = u[wrap(y - 1, ny) * nx + x];
    float north = u[wrap(y + 1, ny) * nx + x];
    return centre + r * (west + east + south + north - 4.0f * centre);
}
