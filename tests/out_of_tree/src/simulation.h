// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// simulation.h: the host-side interface of the application (plain C++).
// The kernels' own entry points come from the generated "kernels.qd.h".
#pragma once

#include <physics/vec.h>
#include <qd/qd.h>

#include <vector>

// The run's parameters. Every value is a small dyadic rational (a multiple
// of a power of two), and so are all the inputs: then every sum and product
// the kernels form is exact in float, whatever the compiler contracts into
// an FMA, and the only rounded operation is std::sqrt, which is correctly
// rounded on the host and on the GPU. Serial, cpu and GPU outputs are equal
// to the last bit.
struct SimParams {
    int n = 4096;                      // particles
    int steps = 12;                    // integrate() calls on the user stream
    float dt = 0.125f;
    float max_component = 3.0f;        // velocity components clamped to +-this
    float max_speed = 3.0f;            // speed reported at most this
    float floor_y = 0.5f;
    physics::Vec3 gravity{0.0f, -2.0f, 0.0f};
    physics::Vec3 wind{1.0f, 0.0f, 0.5f};
};

// Results copied back from the device.
struct Snapshot {
    std::vector<physics::Vec3> pos, vel;
    std::vector<float> kinetic, speed, clearance;
    float probe = 0.0f;
};

// The initial position of particle i (host code; main.cpp uploads these).
physics::Vec3 initial_position(int i);

// kernels.cpp: `steps` calls of the integrate kernel on `stream`, through
// its stream entry point.
void advance(physics::Vec3* pos, physics::Vec3* vel, const physics::Vec3& gravity, float dt,
             float max_component, int n, int steps, qd::StreamRef stream);

// report.cpp: prints one `name value` line per result, deterministic.
void print_results(const SimParams& p, const Snapshot& s);
// report.cpp: recomputes the run serially on the host with physics/vec.h and
// compares; prints `check <name> PASS|FAIL <detail>` lines and returns the
// number of failed checks.
int check_results(const SimParams& p, const Snapshot& s);
