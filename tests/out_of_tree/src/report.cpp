// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// report.cpp: host code (plain C++). Prints the results as `name value` lines
// and checks them against a serial recomputation with physics/vec.h.
#include "kernels.qd.h" // not needed here, but any file may include it
#include "simulation.h"

#include <physics/vec.h>
#include <qd/qd.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>

physics::Vec3 initial_position(int i)
{
    return physics::Vec3(static_cast<float>(i % 16) * 0.25f,
                         2.0f + static_cast<float>(i % 7) * 0.5f,
                         static_cast<float>(i / 16) * 0.125f);
}

namespace {

// Sums in double, in index order: with the dyadic inputs of SimParams every
// partial sum is exact, so the printed values do not depend on the backend.
double sum(const std::vector<float>& v)
{
    double s = 0.0;
    for (float x : v)
        s += static_cast<double>(x);
    return s;
}

void print(const char* name, double value) { std::printf("%s %.9g\n", name, value); }

void check(int& failed, const char* name, bool ok, const char* detail)
{
    std::printf("check %s %s %s\n", name, ok ? "PASS" : "FAIL", detail);
    if (!ok)
        ++failed;
}

bool same(float a, float b) { return std::fabs(a - b) <= 1e-6f * std::max(1.0f, std::fabs(b)); }

bool same(const physics::Vec3& a, const physics::Vec3& b)
{
    return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z);
}

} // namespace

void print_results(const SimParams& p, const Snapshot& s)
{
    std::vector<float> px, py, pz, vx, vy, vz;
    for (const physics::Vec3& q : s.pos) {
        px.push_back(q.x);
        py.push_back(q.y);
        pz.push_back(q.z);
    }
    for (const physics::Vec3& v : s.vel) {
        vx.push_back(v.x);
        vy.push_back(v.y);
        vz.push_back(v.z);
    }
    print("particles", p.n);
    print("steps", p.steps + 1);
    print("pos_sum_x", sum(px));
    print("pos_sum_y", sum(py));
    print("pos_sum_z", sum(pz));
    print("vel_sum_x", sum(vx));
    print("vel_sum_y", sum(vy));
    print("vel_sum_z", sum(vz));
    print("kinetic_sum", sum(s.kinetic));
    print("speed_sum", sum(s.speed));
    print("speed_max", *std::max_element(s.speed.begin(), s.speed.end()));
    print("clearance_sum", sum(s.clearance));
    print("probe", s.probe);
}

int check_results(const SimParams& p, const Snapshot& s)
{
    // The same run, serially, with the original header's functions.
    std::vector<physics::Vec3> pos, vel;
    for (int i = 0; i < p.n; ++i) {
        pos.push_back(initial_position(i));
        const physics::Vec3 base(static_cast<float>(i % 5 - 2) * 0.5f,
                                 static_cast<float>(i % 3) * 0.25f, -0.5f);
        vel.push_back(base + (p.wind - base) * 0.25f);
    }
    for (int step = 0; step < p.steps + 1; ++step) {
        for (std::size_t i = 0; i < pos.size(); ++i) {
            physics::Vec3 v = vel[i] + p.gravity * p.dt;
            v = physics::Vec3(std::clamp(v.x, -p.max_component, p.max_component),
                              std::clamp(v.y, -p.max_component, p.max_component),
                              std::clamp(v.z, -p.max_component, p.max_component));
            vel[i] = v;
            pos[i] = pos[i] + v * p.dt;
        }
    }

    int failed = 0;
    std::size_t bad_state = 0, bad_diag = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        if (!same(s.pos[i], pos[i]) || !same(s.vel[i], vel[i]))
            ++bad_state;
        const float kinetic = 0.5f * physics::dot(vel[i], vel[i]);
        const float speed = std::min(std::sqrt(physics::dot(vel[i], vel[i])), p.max_speed);
        const float clearance = std::min(std::fabs(pos[i].y - p.floor_y), 4.0f * p.max_speed);
        if (!same(s.kinetic[i], kinetic) || !same(s.speed[i], speed) ||
            !same(s.clearance[i], clearance))
            ++bad_diag;
    }
    char detail[96];
    std::snprintf(detail, sizeof detail, "%zu of %d particles differ", bad_state, p.n);
    check(failed, "state_matches_host", bad_state == 0, detail);
    std::snprintf(detail, sizeof detail, "%zu of %d particles differ", bad_diag, p.n);
    check(failed, "diagnostics_match_host", bad_diag == 0, detail);

    // The serial task after the region saw both blocks' results (the join).
    const std::size_t last = s.pos.size() - 1;
    check(failed, "probe_after_join",
          s.probe == s.kinetic[last] + s.speed[last] + s.clearance[last],
          "probe = kinetic + speed + clearance of the last particle");

    // The clamps were reached, so the run exercised them.
    bool clamped = false;
    for (const physics::Vec3& v : s.vel)
        clamped = clamped || v.y == -p.max_component;
    check(failed, "clamp_reached", clamped, "some velocity reached -max_component");
    const float top = *std::max_element(s.speed.begin(), s.speed.end());
    check(failed, "speed_capped", top == p.max_speed, "the largest speed equals max_speed");
    return failed;
}
