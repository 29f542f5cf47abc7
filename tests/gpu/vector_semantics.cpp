// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// vector_semantics.cpp -- the GPU suite's checks of inner vector loops,
// `#pragma qd loop vector [vector_length(N)] [reduction(op: var)]` (SPEC 1).
//
// Annotated C++ like the other suite programs: the serial build (g++, pragmas
// ignored) is the reference for the `name value` lines, and `check` lines
// (suite_checks.h) compare each result with the host's. Every input is a
// multiple of 1/8 small enough that every partial sum is exact, so a GPU
// result must equal the serial one bit for bit, whatever the order.
//
//   rows       y = A x, a warp per row (contiguous groups), n from 0 to 1000,
//              also vector_length 1, 8 and 64 (a group spanning two warps);
//   cols       y = A^T x, neighbouring threads on neighbouring columns
//              (strided groups), also vector_length 8 and 128;
//   body       a body with two vector loops and side effects between them:
//              a 'continue' every thread of the group takes, one that only
//              the leader's statement decides, an atomic counter, a body
//              local a leader statement writes and the next vector loop
//              reads, rows shorter than the vector length, a store in one
//              vector loop read after it, and min/max/int/bool reductions;
//   slot       a declaration whose initializer has an effect (an atomic
//              ticket): evaluated once per iteration, every thread of the
//              group sees the same value;
//   batch      collapse(2) over a batch of matrices with a vector loop;
//   total      a top-level reduction over the rows' vector-loop results;
//   blocks     vector loops in the blocks of a stream_parallel region.
//
// QD_SUITE_QUICK=1 (compute-sanitizer runs) makes every size smaller.

#include <qd/atomic.h>
#include <qd/qd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "driver_support.h"
#include "suite_checks.h"

#pragma qd kernel
void rows(int n, const float* A, const float* x, float* y)
{
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
}

#pragma qd kernel
void rows_one(int n, const float* A, const float* x, float* y)
{
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector vector_length(1) reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
}

#pragma qd kernel
void rows_eight(int n, const float* A, const float* x, float* y)
{
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector vector_length(8) reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
}

#pragma qd kernel block_dim(128)
void rows_wide(int n, const float* A, const float* x, float* y)
{
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector vector_length(64) reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
}

#pragma qd kernel
void cols(int n, const float* A, const float* x, float* y)
{
    for (int j = 0; j < n; ++j) {
        float t = 0.0f;
        #pragma qd loop vector reduction(+: t)
        for (int i = 0; i < n; ++i)
            t += A[i * n + j] * x[i];
        y[j] = t;
    }
}

#pragma qd kernel
void cols_eight(int n, const float* A, const float* x, float* y)
{
    for (int j = 0; j < n; ++j) {
        float t = 0.0f;
        #pragma qd loop vector vector_length(8) reduction(+: t)
        for (int i = 0; i < n; ++i)
            t += A[i * n + j] * x[i];
        y[j] = t;
    }
}

#pragma qd kernel
void cols_wide(int n, const float* A, const float* x, float* y)
{
    #pragma qd loop block_dim(512)
    for (int j = 0; j < n; ++j) {
        float t = 0.0f;
        #pragma qd loop vector vector_length(128) reduction(+: t)
        for (int i = 0; i < n; ++i)
            t += A[i * n + j] * x[i];
        y[j] = t;
    }
}

// Row i has i % 7 elements, fewer than the group's threads; skip[i] says
// whether the leader's statement ends the iteration.
#pragma qd kernel
void body(int n, int m, const float* A, const int* skip, float* sums, float* maxima,
          int* counts, int* done, float* scratch, int* flags)
{
    for (int i = 0; i < n; ++i) {
        if (i % 5 == 4)
            continue; // every thread of the group sees the same i
        float s = 0.0f;
        int nonzero = 0;
        const int len = i % 7;
        #pragma qd loop vector vector_length(16) reduction(+: s, nonzero)
        for (int j = 0; j < len; ++j) {
            s += A[i * m + j];
            nonzero += A[i * m + j] != 0.0f ? 1 : 0;
        }
        float bias = 0.0f;
        if (skip[i] != 0) {
            sums[i] = -1.0f; // only the leader stores, then the group leaves
            continue;
        }
        if (s > 0.0f) {
            bias = 0.5f; // a body local the next vector loop reads
            flags[i] = 1;
        }
        qd::atomic_add(done, 1);
        float hi = -1000.0f;
        bool all_small = true;
        #pragma qd loop vector vector_length(16) reduction(max: hi) reduction(&&: all_small)
        for (int j = 0; j < m; ++j) {
            const float v = A[i * m + j] + bias;
            hi = std::max(hi, v);
            all_small = all_small && v < 1.5f;
            scratch[i * m + j] = v * 2.0f;
        }
        // Reads what every thread of the group stored in the loop above.
        sums[i] = s + scratch[i * m + (m - 1)];
        maxima[i] = all_small ? hi : -hi;
        counts[i] = nonzero;
    }
}

#pragma qd kernel
void slot(int n, int m, int* ticket, int* seen, int* marks)
{
    for (int i = 0; i < n; ++i) {
        const int mine = qd::atomic_add(ticket, 1);
        seen[mine] += 1;
        #pragma qd loop vector
        for (int j = 0; j < m; ++j)
            marks[i * m + j] = mine;
    }
}

// Batch b of matrix-vector products: y[b] = A[b] x[b], rows collapsed with
// the batch.
#pragma qd kernel
void batch(int batches, int n, const float* A, const float* x, float* y)
{
    #pragma qd loop collapse(2)
    for (int b = 0; b < batches; ++b)
        for (int i = 0; i < n; ++i) {
            float t = 0.0f;
            #pragma qd loop vector vector_length(16) reduction(+: t)
            for (int j = 0; j < n; ++j)
                t += A[(b * n + i) * n + j] * x[b * n + j];
            y[b * n + i] = t;
        }
}

#pragma qd kernel
void total(int n, const float* A, const float* x, float* y, float* out)
{
    float sum = 0.0f;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
        sum += t;
    }
    out[0] = sum;
}

#pragma qd kernel
void blocks(int n, const float* A, const float* x, float* y, float* z)
{
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        #pragma qd loop vector reduction(+: t)
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
    #pragma qd stream_parallel
    for (int j = 0; j < n; ++j) {
        float t = 0.0f;
        #pragma qd loop vector reduction(+: t)
        for (int i = 0; i < n; ++i)
            t += A[i * n + j] * x[i];
        z[j] = t;
    }
}

using qd_driver::Mirrored;
using qd_driver::print_summary;
using qd_suite::check;

namespace {

std::uint32_t mix(std::uint64_t i, std::uint32_t seed)
{
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

// A multiple of 1/8 in [-1, 1]; products of two are multiples of 1/64 in
// [-1, 1], and any sum of up to 2^17 of them is exact in float.
float dyadic(std::size_t i, std::uint32_t seed)
{
    return static_cast<float>(static_cast<int>(mix(i, seed) % 17u) - 8) / 8.0f;
}

bool same(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

std::vector<float> host_rows(int n, const std::vector<float>& A, const std::vector<float>& x)
{
    std::vector<float> y(n);
    for (int i = 0; i < n; ++i) {
        float t = 0.0f;
        for (int j = 0; j < n; ++j)
            t += A[i * n + j] * x[j];
        y[i] = t;
    }
    return y;
}

std::vector<float> host_cols(int n, const std::vector<float>& A, const std::vector<float>& x)
{
    std::vector<float> y(n);
    for (int j = 0; j < n; ++j) {
        float t = 0.0f;
        for (int i = 0; i < n; ++i)
            t += A[i * n + j] * x[i];
        y[j] = t;
    }
    return y;
}

using Gemv = void (*)(int, const float*, const float*, float*);

void gemv_section(const char* name, Gemv kernel, bool transposed)
{
    // Under compute-sanitizer (QD_SUITE_QUICK) the largest size is left out.
    std::vector<int> sizes{0, 1, 31, 33, 100};
    if (!qd_suite::quick())
        sizes.push_back(1000);
    for (int n : sizes) {
        const std::size_t cells = std::max(1, n * n);
        Mirrored<float> A(cells, [](std::size_t i) { return dyadic(i, 1u); });
        Mirrored<float> x(std::max(1, n), [](std::size_t i) { return dyadic(i, 2u); });
        Mirrored<float> y(std::max(1, n), [](std::size_t) { return 7.0f; });
        kernel(n, A.device(), x.device(), y.device());
        y.download();
        std::vector<float> got(y.host.begin(), y.host.begin() + n);
        std::vector<float> want = transposed ? host_cols(n, A.host, x.host) : host_rows(n, A.host, x.host);
        char label[64];
        std::snprintf(label, sizeof label, "%s.n%d", name, n);
        print_summary(label, got);
        const bool untouched = n != 0 || y.host[0] == 7.0f;
        check(label, same(got, want) && untouched,
              "n = %d: y %s the host's product bit for bit%s", n,
              same(got, want) ? "equals" : "differs from",
              untouched ? "" : ", and n = 0 wrote y[0]");
    }
}

void body_section()
{
    const int n = qd_suite::quick() ? 203 : 1003, m = 40;
    Mirrored<float> A(n * m, [](std::size_t i) { return (i % 11 == 3) ? 0.0f : dyadic(i, 3u); });
    Mirrored<int> skip(n, [](std::size_t i) { return mix(i, 4u) % 6 == 0 ? 1 : 0; });
    Mirrored<float> sums(n, [](std::size_t) { return 9.0f; });
    Mirrored<float> maxima(n, [](std::size_t) { return 9.0f; });
    Mirrored<int> counts(n, [](std::size_t) { return -1; });
    Mirrored<int> done(1);
    Mirrored<float> scratch(n * m);
    Mirrored<int> flags(n);
    body(n, m, A.device(), skip.device(), sums.device(), maxima.device(), counts.device(),
         done.device(), scratch.device(), flags.device());
    print_summary("body.sums", sums);
    print_summary("body.maxima", maxima);
    print_summary("body.counts", counts);
    print_summary("body.scratch", scratch);
    print_summary("body.flags", flags);
    done.download();
    std::printf("body.done %d\n", done.host[0]);

    // The serial meaning, on the host.
    std::vector<float> want_sums(n, 9.0f), want_maxima(n, 9.0f), want_scratch(n * m, 0.0f);
    std::vector<int> want_counts(n, -1), want_flags(n, 0);
    int want_done = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 5 == 4)
            continue;
        float s = 0.0f;
        int nonzero = 0;
        for (int j = 0; j < i % 7; ++j) {
            s += A.host[i * m + j];
            nonzero += A.host[i * m + j] != 0.0f ? 1 : 0;
        }
        if (skip.host[i] != 0) {
            want_sums[i] = -1.0f;
            continue;
        }
        float bias = 0.0f;
        if (s > 0.0f) {
            bias = 0.5f;
            want_flags[i] = 1;
        }
        ++want_done;
        float hi = -1000.0f;
        bool all_small = true;
        for (int j = 0; j < m; ++j) {
            const float v = A.host[i * m + j] + bias;
            hi = std::max(hi, v);
            all_small = all_small && v < 1.5f;
            want_scratch[i * m + j] = v * 2.0f;
        }
        want_sums[i] = s + want_scratch[i * m + (m - 1)];
        want_maxima[i] = all_small ? hi : -hi;
        want_counts[i] = nonzero;
    }
    check("body.sums", same(sums.host, want_sums), "differs from the serial meaning");
    check("body.maxima", same(maxima.host, want_maxima), "differs from the serial meaning");
    check("body.counts", counts.host == want_counts, "differs from the serial meaning");
    check("body.scratch", same(scratch.host, want_scratch), "differs from the serial meaning");
    check("body.flags", flags.host == want_flags, "differs from the serial meaning");
    check("body.done", done.host[0] == want_done, "got %d atomic increments, want %d (one per iteration)",
          done.host[0], want_done);
}

void slot_section()
{
    const int n = qd_suite::quick() ? 177 : 777, m = 50;
    Mirrored<int> ticket(1);
    Mirrored<int> seen(n);
    Mirrored<int> marks(n * m, [](std::size_t) { return -1; });
    slot(n, m, ticket.device(), seen.device(), marks.device());
    ticket.download();
    seen.download();
    marks.download();
    bool once = ticket.host[0] == n;
    for (int i = 0; i < n; ++i)
        once = once && seen.host[i] == 1;
    bool rows_agree = true;
    std::vector<int> firsts(n);
    for (int i = 0; i < n; ++i) {
        firsts[i] = marks.host[i * m];
        for (int j = 1; j < m; ++j)
            rows_agree = rows_agree && marks.host[i * m + j] == marks.host[i * m];
    }
    std::sort(firsts.begin(), firsts.end());
    bool permutation = true;
    for (int i = 0; i < n; ++i)
        permutation = permutation && firsts[i] == i;
    std::printf("slot.tickets %d\n", ticket.host[0]);
    check("slot.once", once, "ticket %d (want %d), or an index seen twice", ticket.host[0], n);
    check("slot.group_agrees", rows_agree && permutation,
          "a row's threads saw different tickets, or tickets are not a permutation");
}

void batch_section()
{
    for (int batches : {0, 3}) {
        const int n = 70;
        Mirrored<float> A(std::max(1, batches * n * n), [](std::size_t i) { return dyadic(i, 5u); });
        Mirrored<float> x(std::max(1, batches * n), [](std::size_t i) { return dyadic(i, 6u); });
        Mirrored<float> y(std::max(1, batches * n), [](std::size_t) { return 3.0f; });
        batch(batches, n, A.device(), x.device(), y.device());
        y.download();
        bool ok = batches != 0 || y.host[0] == 3.0f;
        for (int b = 0; b < batches; ++b) {
            std::vector<float> Ab(A.host.begin() + b * n * n, A.host.begin() + (b + 1) * n * n);
            std::vector<float> xb(x.host.begin() + b * n, x.host.begin() + (b + 1) * n);
            std::vector<float> yb(y.host.begin() + b * n, y.host.begin() + (b + 1) * n);
            ok = ok && same(yb, host_rows(n, Ab, xb));
        }
        char label[32];
        std::snprintf(label, sizeof label, "batch.b%d", batches);
        print_summary(label, y.host);
        check(label, ok, "differs from the host");
    }
}

void total_section()
{
    const int n = qd_suite::quick() ? 129 : 513;
    Mirrored<float> A(n * n, [](std::size_t i) { return dyadic(i, 7u); });
    Mirrored<float> x(n, [](std::size_t i) { return dyadic(i, 8u); });
    Mirrored<float> y(n);
    Mirrored<float> out(1);
    total(n, A.device(), x.device(), y.device(), out.device());
    y.download();
    out.download();
    std::vector<float> want = host_rows(n, A.host, x.host);
    float sum = 0.0f;
    for (float v : want)
        sum += v;
    std::printf("total.sum %.9g\n", out.host[0]);
    print_summary("total.y", y.host);
    check("total.rows", same(y.host, want), "differs from the host");
    check("total.sum", out.host[0] == sum, "got %.9g, want %.9g (counted once per row)", out.host[0], sum);
}

void blocks_section()
{
    const int n = qd_suite::quick() ? 100 : 300;
    Mirrored<float> A(n * n, [](std::size_t i) { return dyadic(i, 9u); });
    Mirrored<float> x(n, [](std::size_t i) { return dyadic(i, 10u); });
    Mirrored<float> y(n);
    Mirrored<float> z(n);
    blocks(n, A.device(), x.device(), y.device(), z.device());
    y.download();
    z.download();
    print_summary("blocks.y", y.host);
    print_summary("blocks.z", z.host);
    check("blocks.rows", same(y.host, host_rows(n, A.host, x.host)), "differs from the host");
    check("blocks.cols", same(z.host, host_cols(n, A.host, x.host)), "differs from the host");
}

} // namespace

int main()
{
    gemv_section("rows", rows, false);
    gemv_section("rows_one", rows_one, false);
    gemv_section("rows_eight", rows_eight, false);
    gemv_section("rows_wide", rows_wide, false);
    gemv_section("cols", cols, true);
    gemv_section("cols_eight", cols_eight, true);
    gemv_section("cols_wide", cols_wide, true);
    body_section();
    slot_section();
    batch_section();
    total_section();
    blocks_section();
    return 0;
}
