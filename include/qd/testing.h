// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test hooks of the qd runtime. For tests only: they make healthy code fail on
// purpose. Every runtime library (cuda, hip, cpu) has them, so GPU tests and
// host tests aim failures the same way.
#ifndef QD_TESTING_H
#define QD_TESTING_H

namespace qd {
namespace testing {

// Makes the `nth` (1-based) kernel launch check from now on, in any thread,
// fail: on CUDA/HIP by giving that launch an invalid configuration (a grid of
// 0 blocks), so the driver itself reports the error; on the cpu and fake
// backends by reporting "invalid configuration argument" from the launch
// check. 0 disarms. Returns nothing; thread-safe.
//
// How: a launch check is counted where generated code computes a launch's
// grid (qd::detail::grid_size for loops, qd::detail::task_grid_size for
// serial tasks), which every launch does exactly once, right before the
// launch and its check; the injected one gets a grid of 0. Exactly one check
// fails per arming, the nth in the order the checks happen. On the fake
// device (tests) the fake driver rejects that grid and its launch check
// reports it, exactly as on CUDA. Code generated for the cpu target makes no
// launches and computes no grids, so there is nothing for the hook to fail;
// on that backend it affects only code that computes grids itself.
// Disarmed, the hook costs one relaxed atomic load and one relaxed increment
// per launch (docs/runtime.md, "Testing hooks").
void inject_launch_failure(unsigned nth);

// Launch checks seen since the process started (for tests to aim nth).
unsigned long long launch_checks();

// Grid sizes and the launch choices that weigh the device (coarsening, tile
// shapes) count at most `count` multiprocessors per device from now on, in
// any thread: a GPU test then takes the paths that the fake device's 4
// multiprocessors take (tests/golden/drivers/tiled_product.cpp runs the
// large tiles that way under compute-sanitizer on a 132-SM H200). 0
// restores the device's own count; a negative count throws qd::Error.
void limit_multiprocessors(int count);

// Collapse nests of more than `iterations` iterations run their 64-bit
// kernels from now on, in any thread, however few they have: tests of those
// kernels need not allocate 2^31 elements. ~0ull restores the default,
// where only nests too large for 32-bit indices do
// (qd::detail::fits_32bit_index). Thread-safe; a relaxed load per launch.
void limit_32bit_index(unsigned long long iterations);

} // namespace testing
} // namespace qd

#endif // QD_TESTING_H
