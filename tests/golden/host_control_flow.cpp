// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host control flow at the top level of a kernel and of a block: 'if'/'else'
// and 'switch' on host values, '#pragma qd loop seq' on 'for', 'while' and
// 'do', host statements that count ('t += dt;') or swap pointer parameters,
// and 'break'/'continue' of a host loop. Each branch or iteration enqueues
// its body's work in order, as the serial program runs it. Helpers called
// only from the loops of a 'loop seq' body or a host branch run on the
// device like any other.

static float upwind(const float* u, int i, float c) { return u[i] - c * (u[i] - u[i - 1]); }
static float blend3(float l, float m, float r) { return 0.25f * (l + 2.0f * m + r); }

enum class Boundary { Periodic, Clamped, Zero };

#pragma qd kernel
void advect(float* u, float* scratch, float* smoothed, int n, int steps, float c, Boundary kind, bool smooth)
{
    float t = 0.0f;
    const float dt = 0.5f;
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) {
        if (step == 3)
            continue;                      // a step the serial program skips
        // Halo by the problem's boundary kind.
        switch (kind) {
        case Boundary::Periodic:
            u[0] = u[n - 2];               // serial tasks, on the launch stream
            u[n - 1] = u[1];
            break;
        case Boundary::Clamped:
        case Boundary::Zero: {
            const float edge = kind == Boundary::Zero ? 0.0f : 1.0f;
            u[0] = edge;
            u[n - 1] = edge;
            break;
        }
        }
        for (int i = 1; i < n - 1; ++i)
            scratch[i] = upwind(u, i, c) + t * 0.001f;
        scratch[0] = u[0];
        scratch[n - 1] = u[n - 1];
        float* tmp = u;                    // a host scalar holding a parameter
        u = scratch;                       // host statements: the buffers swap
        scratch = tmp;
        t += dt;
    }
    if (smooth) {
        #pragma qd stream_parallel
        {
            int sweeps = 0;
            #pragma qd loop seq
            while (sweeps < 2) {
                for (int i = 1; i < n / 2; ++i)
                    scratch[i] = 0.5f * (u[i - 1] + u[i + 1]);
                ++sweeps;
            }
        }
        #pragma qd stream_parallel
        {
            int k = n / 2;
            #pragma qd loop seq
            do {
                for (int i = k; i < n - 1; ++i)
                    smoothed[i] = blend3(u[i - 1], u[i], u[i + 1]);
                k += n;
            } while (k < n - 1);
        }
        for (int i = 1; i < n - 1; ++i)
            u[i] = i < n / 2 ? scratch[i] : smoothed[i];
    } else {
        for (int i = 0; i < n; ++i)
            u[i] = u[i] * 2.0f;
    }
    #pragma qd loop seq
    for (int pass = 0; pass < 100; ++pass) {
        if (pass >= steps)
            break;
        u[pass] += 1.0f;
    }
}
