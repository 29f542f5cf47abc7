// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// kernels.cpp: the application's GPU kernels, annotated C++.
//
// qd_translate_sources() translates this file at build time (CUDA, HIP or
// plain C++); with BACKEND serial it is compiled as written and the pragmas
// are ignored, which is the reference meaning. The loop bodies call helpers of
// physics/vec.h (members, operators, the constructor, free functions, a
// template, and through Vec3::length2 a function of detail/math_util.h) and
// two helpers of this file that use std::min, std::max, std::sqrt and
// std::fabs. None of them is annotated.
#include "kernels.qd.h" // this file's own entry points, generated
#include "simulation.h"

#include <physics/vec.h>
#include <qd/qd.h>

#include <algorithm>
#include <cmath>

// Distance of a point from the floor plane y = floor_y, at most `ceiling`.
static float clearance_of(const physics::Vec3& p, float floor_y, float ceiling)
{
    return std::min(std::fabs(p.y - floor_y), ceiling);
}

// Length of a velocity, at most max_speed.
static float capped_speed(const physics::Vec3& v, float max_speed)
{
    return std::max(0.0f, std::min(std::sqrt(v.length2()), max_speed));
}

// Initial velocities: a per-particle pattern blended a quarter of the way
// towards the wind (a struct passed by value).
#pragma qd kernel
void init_velocities(physics::Vec3* vel, physics::Vec3 wind, int n)
{
    for (int i = 0; i < n; ++i) {
        const physics::Vec3 base(static_cast<float>(i % 5 - 2) * 0.5f,
                                 static_cast<float>(i % 3) * 0.25f, -0.5f);
        vel[i] = physics::mix(base, wind, 0.25f);
    }
}

// One explicit Euler step with clamped velocities (gravity by const reference).
#pragma qd kernel
void integrate(physics::Vec3* pos, physics::Vec3* vel, const physics::Vec3& gravity, float dt,
               float max_component, int n)
{
    for (int i = 0; i < n; ++i) {
        const physics::Vec3 v =
            physics::clamp(vel[i] + gravity * dt, -max_component, max_component);
        vel[i] = v;
        pos[i] = physics::add(pos[i], physics::scale(v, dt));
    }
}

// Per-particle diagnostics: two independent blocks, each on its own stream,
// then a serial task after the join that reads what both wrote.
#pragma qd kernel
void diagnostics(const physics::Vec3* pos, const physics::Vec3* vel, float* kinetic, float* speed,
                 float* clearance, float* probe, float floor_y, float max_speed, int n)
{
    const float ceiling = 4.0f * max_speed; // a host scalar

    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            kinetic[i] = 0.5f * vel[i].length2();
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) {
            speed[i] = capped_speed(vel[i], max_speed);
            clearance[i] = clearance_of(pos[i], floor_y, ceiling);
        }
    }

    if (n > 0)
        probe[0] = kinetic[n - 1] + speed[n - 1] + clearance[n - 1];
}

// Host code in the kernels' own file: calls the stream entry point of
// integrate, which kernels.qd.h declares (and, in the serial build, defines
// to run on the calling thread).
void advance(physics::Vec3* pos, physics::Vec3* vel, const physics::Vec3& gravity, float dt,
             float max_component, int n, int steps, qd::StreamRef stream)
{
    for (int s = 0; s < steps; ++s)
        integrate(pos, vel, gravity, dt, max_component, n, stream);
}
