// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// lcg.h -- the work of the concurrent_kernels sample: one 32-bit linear congruential generator
// per block. The kernels (work.cpp) call these helpers from their loop bodies, and main.cpp
// calls them to compute the expected results on the host. They are plain inline C++: this
// header is under the project's input root, so qd-translate writes a translated copy of it,
// with the helpers made __host__ __device__, next to the generated file.
#pragma once

constexpr int kBlocks = 8;

// ---- helpers called from loop bodies (the translated copy makes them __host__ __device__),
// and by main.cpp to compute the expected results

// Parameters of block b's generator: a = 1 mod 4 and c odd give a full period mod 2^32.
inline unsigned lcg_multiplier(int block) { return 1664525u + 8u * static_cast<unsigned>(block); }
inline unsigned lcg_increment(int block) { return 1013904223u + 2u * static_cast<unsigned>(block); }

inline unsigned lane_seed(int block, int lane)
{
    unsigned h = (static_cast<unsigned>(block) * 0x9E3779B9u) ^
                 (static_cast<unsigned>(lane) * 0x85EBCA6Bu);
    h ^= h >> 16;
    return h * 0x7FEB352Du;
}

// The fixed amount of work per iteration: `steps` dependent multiply-adds.
inline unsigned spin(int block, int lane, int steps)
{
    const unsigned a = lcg_multiplier(block);
    const unsigned c = lcg_increment(block);
    unsigned x = lane_seed(block, lane);
    for (int s = 0; s < steps; ++s)
        x = a * x + c;
    return x;
}
