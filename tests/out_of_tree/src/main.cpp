// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// main.cpp: host code (plain C++, no vendor header). Uploads the initial
// positions, runs the kernels through both kinds of entry point, copies the
// results back and reports them.
#include "kernels.qd.h" // generated: both host entry points of every kernel
#include "simulation.h"

#include <qd/qd.h>

#include <cstdio>
#include <exception>
#include <vector>

namespace {

int run()
{
    const SimParams p;
    const auto n = static_cast<std::size_t>(p.n);

    std::vector<physics::Vec3> host_pos(n);
    for (int i = 0; i < p.n; ++i)
        host_pos[static_cast<std::size_t>(i)] = initial_position(i);

    qd::Buffer<physics::Vec3> pos(n), vel(n);
    qd::Buffer<float> kinetic(n), speed(n), clearance(n), probe(1);

    // On the default stream: the upload and the kernels' own signatures.
    pos.copy_from_host(host_pos.data());
    init_velocities(vel.data(), p.wind, p.n);
    integrate(pos.data(), vel.data(), p.gravity, p.dt, p.max_component, p.n);

    // The rest on a user stream, which is non-blocking: it waits for the
    // default stream's work through an event, without blocking the host.
    qd::Stream stream;
    qd::Event uploaded;
    uploaded.record();
    uploaded.wait(stream);
    advance(pos.data(), vel.data(), p.gravity, p.dt, p.max_component, p.n, p.steps, stream);
    diagnostics(pos.data(), vel.data(), kinetic.data(), speed.data(), clearance.data(),
                probe.data(), p.floor_y, p.max_speed, p.n, stream);

    Snapshot s;
    s.pos.resize(n);
    s.vel.resize(n);
    s.kinetic.resize(n);
    s.speed.resize(n);
    s.clearance.resize(n);
    pos.copy_to_host(s.pos.data(), stream);
    vel.copy_to_host(s.vel.data(), stream);
    kinetic.copy_to_host(s.kinetic.data(), stream);
    speed.copy_to_host(s.speed.data(), stream);
    clearance.copy_to_host(s.clearance.data(), stream);
    probe.copy_to_host(&s.probe, stream);
    stream.synchronize();

    print_results(p, s);
    const int failed = check_results(p, s);
    if (failed != 0)
        std::fprintf(stderr, "qd_oot_physics: %d check(s) failed\n", failed);
    return failed == 0 ? 0 : 1;
}

} // namespace

int main()
{
    try {
        return run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "qd_oot_physics: %s\n", e.what());
        return 2;
    }
}
