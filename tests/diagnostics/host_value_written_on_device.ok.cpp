// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Accumulate into device memory (with an atomic where iterations may
// collide), and compute new host values as new host scalars.
#include <qd/atomic.h>

struct Params {
    float scale;
    int n;
};

#pragma qd kernel
void count_and_scale(float* x, int* count, Params p, int n)
{
    count[0] = 0;
    for (int i = 0; i < n; ++i) {
        if (x[i] > 0.0f)
            qd::atomic_add(count, 1);
    }
    const float scale = 2.0f * p.scale;
    const int m = n - 1;
    x[m] = static_cast<float>(count[0]) * scale;
}

// Reading an array member through a pointer to const changes nothing.
struct Weights {
    float w[3];
};

inline float sum3(const float* v) { return v[0] + v[1] + v[2]; }

#pragma qd kernel
void weigh(float* x, Weights p, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] *= sum3(p.w);
}

// A reference member may be bound to a loop body's own local, which each
// iteration has to itself; a const reference member may be bound to a host
// value, which it only reads.
struct Bumper {
    int& n;
    void hit() const { ++n; }
};
struct Reader {
    const int& n;
    int twice() const { return 2 * n; }
};

#pragma qd kernel
void count_hits(float* x, int n, int limit)
{
    for (int i = 0; i < n; ++i) {
        int hits = 0;
        Bumper b{hits};
        if (x[i] > 0.0f)
            b.hit();
        const Reader r{limit};
        x[i] += static_cast<float>(hits + r.twice());
    }
}
