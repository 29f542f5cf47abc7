// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// graph_semantics.cpp -- the GPU suite's checks of graph mode (SPEC 3, "Graph
// mode"; issue 13): `#pragma qd kernel graph` means exactly what stream mode
// means, only cheaper per call.
//
// Annotated C++ like the other suite programs: the serial build (g++, pragmas
// ignored) is the reference for the `name value` lines, and `check` lines
// (suite_checks.h) cover what only a GPU run has. mix_graph and mix_stream
// are one kernel written twice, in graph mode and in stream mode: a parallel
// loop, a serial task, a region of three blocks (loops, a host scalar, a
// reduction, serial tasks) and a reduction(+) at the top level. Every input
// is a multiple of 1/8 and small, so every value, sums included, is exact in
// float whatever the order: results compare bit for bit, with each other and
// with the host.
//
//   equal        hundreds of calls of mix_graph and of mix_stream, with
//                rotating inputs, outputs and scales, and trip counts of 0, 1,
//                odd sizes and sizes of another grid (so cached graphs are
//                updated, and shapes change): graph results equal stream
//                results bit for bit, and the host's;
//   streams      mix_graph interleaved on two qd::Streams, each call with its
//                own arguments: every result right;
//   threads      8 host threads, each with its own qd::Stream and buffers,
//                calling mix_graph hundreds of times (more launch streams and
//                shapes than one site caches graphs): every result right;
//   first_capture  the process's first calls (reductions, graph and stream
//                mode) inside a caller's capture;
//   capture      a caller's stream capture (ThreadLocal) around a graph-mode
//                call and a stream-mode call on a qd::Stream; the captured
//                graph launched 3 times gives what 3 direct calls give, and a
//                direct call afterwards on the same stream is still right
//                (the serial build, which has no capture, makes the direct
//                calls);
//   concurrency  concurrency_proof.cpp in graph mode: four blocks of one
//                spinning iteration each against the same four loops in a
//                row, at least 2.5x faster;
//   exit         the device is reset (cudaDeviceReset) while graphs are
//                still cached, so the graph cache frees them at exit after
//                their context is gone: the program must still exit with 0
//                (run_on_device.sh records a crash as a failed run).
//
// QD_SUITE_QUICK=1 (compute-sanitizer runs) shortens everything and skips the
// timing check.

#include <qd/qd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

#include "driver_support.h"
#include "suite_checks.h"

// The caller's capture needs the vendor runtime, which only the compile of a
// translation has (the generated source includes it first): cuda* names in
// a .cu, hip* names in a .hip (hipcc, or nvcc through tests/hip_on_cuda).
#if !defined(QD_SERIAL_REFERENCE) && defined(__HIPCC__)
#define QD_SUITE_CAPTURE 1
#elif !defined(QD_SERIAL_REFERENCE) && defined(__CUDACC__)
#define QD_SUITE_CAPTURE 1
#endif

// ---- kernels ---------------------------------------------------------------

// out = scale * in + 1/4; block A halves the first half of out into lo and
// sums lo - in into lo[half]; block B stores out - in for the second half into
// hi, and its length times 1/2 into hi[rest]; block C a task. rec[0..2] get
// the last element of out, the sum of out + lo/hi, and half + scale.
#pragma qd kernel graph
void mix_graph(const float* in, float* out, float* lo, float* hi, float* rec, int n, float scale)
{
    for (int i = 0; i < n; ++i)
        out[i] = scale * in[i] + 0.25f;
    rec[0] = n > 0 ? out[n - 1] : -1.0f;
    const int half = n / 2;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < half; ++i)
            lo[i] = 0.5f * out[i];
        float u = 0.0f;
        #pragma qd loop reduction(+: u)
        for (int i = 0; i < half; ++i)
            u += lo[i] - in[i];
        lo[half] = u;
    }
    #pragma qd stream_parallel
    {
        const int rest = n - half;
        for (int i = 0; i < rest; ++i)
            hi[i] = out[half + i] - in[half + i];
        hi[rest] = 0.5f * static_cast<float>(rest);
    }
    #pragma qd stream_parallel
    {
        rec[2] = static_cast<float>(half) + scale;
    }
    float t = 0.0f;
    #pragma qd loop reduction(+: t)
    for (int i = 0; i < n; ++i)
        t += out[i] + (i < half ? lo[i] : hi[i - half]);
    rec[1] = t;
}

// mix_graph in stream mode (the same body).
#pragma qd kernel
void mix_stream(const float* in, float* out, float* lo, float* hi, float* rec, int n, float scale)
{
    for (int i = 0; i < n; ++i)
        out[i] = scale * in[i] + 0.25f;
    rec[0] = n > 0 ? out[n - 1] : -1.0f;
    const int half = n / 2;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < half; ++i)
            lo[i] = 0.5f * out[i];
        float u = 0.0f;
        #pragma qd loop reduction(+: u)
        for (int i = 0; i < half; ++i)
            u += lo[i] - in[i];
        lo[half] = u;
    }
    #pragma qd stream_parallel
    {
        const int rest = n - half;
        for (int i = 0; i < rest; ++i)
            hi[i] = out[half + i] - in[half + i];
        hi[rest] = 0.5f * static_cast<float>(rest);
    }
    #pragma qd stream_parallel
    {
        rec[2] = static_cast<float>(half) + scale;
    }
    float t = 0.0f;
    #pragma qd loop reduction(+: t)
    for (int i = 0; i < n; ++i)
        t += out[i] + (i < half ? lo[i] : hi[i - half]);
    rec[1] = t;
}

// Accumulating, so that the number of runs and their order show: x += a,
// then y += 2x (block), a task that counts runs and one that adds x[0]
// (block), and the sum of y added to total[2].
#pragma qd kernel graph
void bump_graph(float* x, float* y, float* total, int n, float a)
{
    for (int i = 0; i < n; ++i)
        x[i] += a;
    total[0] += 1.0f;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            y[i] += 2.0f * x[i];
    }
    #pragma qd stream_parallel
    {
        total[1] += x[0];
    }
    float t = 0.0f;
    #pragma qd loop reduction(+: t)
    for (int i = 0; i < n; ++i)
        t += y[i];
    total[2] += t;
}

// bump_graph in stream mode (the same body).
#pragma qd kernel
void bump_stream(float* x, float* y, float* total, int n, float a)
{
    for (int i = 0; i < n; ++i)
        x[i] += a;
    total[0] += 1.0f;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            y[i] += 2.0f * x[i];
    }
    #pragma qd stream_parallel
    {
        total[1] += x[0];
    }
    float t = 0.0f;
    #pragma qd loop reduction(+: t)
    for (int i = 0; i < n; ++i)
        t += y[i];
    total[2] += t;
}

// `steps` dependent integer steps: exact on every build, impossible to skip.
inline unsigned spin(unsigned seed, int steps)
{
    unsigned x = seed;
    for (int s = 0; s < steps; ++s)
        x = x * 1664525u + 1013904223u;
    return x;
}

#pragma qd kernel graph
void spin4_graph(unsigned* out, int steps)
{
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[0] = spin(1u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[1] = spin(2u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[2] = spin(3u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[3] = spin(4u, steps);
}

// spin4_graph without the stream_parallel pragmas: four launches in a row.
#pragma qd kernel graph
void spin4_graph_serial(unsigned* out, int steps)
{
    for (int i = 0; i < 1; ++i)
        out[4] = spin(1u, steps);
    for (int i = 0; i < 1; ++i)
        out[5] = spin(2u, steps);
    for (int i = 0; i < 1; ++i)
        out[6] = spin(3u, steps);
    for (int i = 0; i < 1; ++i)
        out[7] = spin(4u, steps);
}

#ifdef QD_STREAM_SHIMS
// Stand-ins for the stream entry points that only translations have (see
// stream_semantics.cpp and docs/testing.md).
void mix_graph(const float* in, float* o, float* l, float* h, float* r, int n, float s, qd::StreamRef) { mix_graph(in, o, l, h, r, n, s); }
void bump_graph(float* x, float* y, float* t, int n, float a, qd::StreamRef) { bump_graph(x, y, t, n, a); }
void bump_stream(float* x, float* y, float* t, int n, float a, qd::StreamRef) { bump_stream(x, y, t, n, a); }
#endif

using qd_driver::Mirrored;
using qd_driver::print_summary;
using qd_suite::check;

namespace {

// ---- shared ----------------------------------------------------------------

std::uint32_t hash32(std::uint64_t i, std::uint32_t seed)
{
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

// A multiple of 1/8 in [-2, 2]. In mix_*, out is then a multiple of 1/32 of
// at most 4.25, lo and hi multiples of 1/64 of at most 6.25, and the sum t of
// at most kMaxN terms of at most 10.5 stays below 2^18: with 6 fraction bits,
// under float's 24. Every partial sum is exact, in any order.
float dyadic(std::size_t i, std::uint32_t seed)
{
    return static_cast<float>(static_cast<int>(hash32(i, seed) % 33u) - 16) / 8.0f;
}

bool same_bits(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// Elements that differ bit for bit (or in number).
std::size_t differing(const std::vector<float>& got, const std::vector<float>& want)
{
    std::size_t bad = got.size() > want.size() ? got.size() - want.size() : want.size() - got.size();
    for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
        bad += same_bits(got[i], want[i]) ? 0 : 1;
    return bad;
}

// Trip counts: the largest (odd, 79 blocks of 256), 0, 1 (an empty block A),
// odd, even, and one block or a few.
constexpr int kMaxN = 20011;
constexpr int kSizes[] = {kMaxN, 1, 0, 257, 4097, 256, 7, kMaxN, 1000, 255, 3};
constexpr int kSizeCount = sizeof(kSizes) / sizeof(kSizes[0]);
constexpr float kScales[] = {0.5f, -1.5f, 2.0f, 0.75f, -0.25f};
constexpr int kScaleCount = sizeof(kScales) / sizeof(kScales[0]);
constexpr int kRec = 3; // rec floats per call

// The arguments of call c of a run: `salt` varies the sequence between runs.
struct Call {
    int n;
    float scale;
    int input; // 0 or 1
    int set;   // which output set
};

Call plan(int c, int salt, int sets)
{
    return {kSizes[(c + salt) % kSizeCount], kScales[(c + 2 * salt) % kScaleCount],
            ((c + salt) / 3) % 2, c % sets};
}

// The two inputs every run reads.
struct Inputs {
    Mirrored<float> in[2] = {Mirrored<float>(kMaxN, [](std::size_t i) { return dyadic(i, 1u); }),
                             Mirrored<float>(kMaxN, [](std::size_t i) { return dyadic(i, 2u); })};
};

// One call's outputs (lo and hi have room for the element past their half).
struct DeviceSet {
    Mirrored<float> out{kMaxN + 1}, lo{kMaxN + 1}, hi{kMaxN + 1};
    void download()
    {
        out.download();
        lo.download();
        hi.download();
    }
};

struct HostSet {
    std::vector<float> out = std::vector<float>(kMaxN + 1, 0.0f);
    std::vector<float> lo = out, hi = out;
};

// The serial meaning of mix_graph / mix_stream, on the host.
void host_mix(const std::vector<float>& in, HostSet& s, float* rec, int n, float scale)
{
    for (int i = 0; i < n; ++i)
        s.out[i] = scale * in[i] + 0.25f;
    rec[0] = n > 0 ? s.out[n - 1] : -1.0f;
    const int half = n / 2, rest = n - half;
    for (int i = 0; i < half; ++i)
        s.lo[i] = 0.5f * s.out[i];
    float u = 0.0f;
    for (int i = 0; i < half; ++i)
        u += s.lo[i] - in[i];
    s.lo[half] = u;
    for (int i = 0; i < rest; ++i)
        s.hi[i] = s.out[half + i] - in[half + i];
    s.hi[rest] = 0.5f * static_cast<float>(rest);
    rec[2] = static_cast<float>(half) + scale;
    float t = 0.0f;
    for (int i = 0; i < n; ++i)
        t += s.out[i] + (i < half ? s.lo[i] : s.hi[i - half]);
    rec[1] = t;
}

// What `calls` calls planned with `salt` over `sets` output sets leave.
struct HostRun {
    std::vector<HostSet> sets;
    std::vector<float> rec;
};

HostRun simulate(const Inputs& inputs, int calls, int salt, int sets)
{
    HostRun run{std::vector<HostSet>(sets), std::vector<float>(std::size_t(kRec) * calls, 0.0f)};
    for (int c = 0; c < calls; ++c) {
        const Call k = plan(c, salt, sets);
        host_mix(inputs.in[k.input].host, run.sets[k.set], run.rec.data() + kRec * c, k.n,
                 k.scale);
    }
    return run;
}

// Elements of the downloaded device results that differ from the host's.
std::size_t differing(std::vector<DeviceSet>& got, Mirrored<float>& rec, const HostRun& want)
{
    std::size_t bad = 0;
    for (std::size_t k = 0; k < got.size(); ++k) {
        got[k].download();
        bad += differing(got[k].out.host, want.sets[k].out);
        bad += differing(got[k].lo.host, want.sets[k].lo);
        bad += differing(got[k].hi.host, want.sets[k].hi);
    }
    rec.download();
    return bad + differing(rec.host, want.rec);
}

void print_sets(const std::string& prefix, std::vector<DeviceSet>& sets, Mirrored<float>& rec)
{
    for (std::size_t k = 0; k < sets.size(); ++k) {
        const std::string p = prefix + ".";
        const std::string K = std::to_string(k);
        print_summary((p + "out" + K).c_str(), sets[k].out);
        print_summary((p + "lo" + K).c_str(), sets[k].lo);
        print_summary((p + "hi" + K).c_str(), sets[k].hi);
    }
    print_summary((prefix + ".rec").c_str(), rec);
}

// ---- equal -----------------------------------------------------------------

void equal_section(const Inputs& inputs, bool quick)
{
    const int calls = quick ? 2 * kSizeCount : 40 * kSizeCount, sets = 3;
    std::vector<DeviceSet> g(sets), s(sets);
    Mirrored<float> grec(std::size_t(kRec) * calls), srec(std::size_t(kRec) * calls);
    // Both on the default stream, interleaved: the stream-mode call of each
    // pair is enqueued after the graph-mode one.
    for (int c = 0; c < calls; ++c) {
        const Call k = plan(c, 0, sets);
        const float* in = inputs.in[k.input].device();
        mix_graph(in, g[k.set].out.device(), g[k.set].lo.device(), g[k.set].hi.device(),
                  grec.device() + kRec * c, k.n, k.scale);
        mix_stream(in, s[k.set].out.device(), s[k.set].lo.device(), s[k.set].hi.device(),
                   srec.device() + kRec * c, k.n, k.scale);
    }
    print_sets("equal.graph", g, grec);
    print_sets("equal.stream", s, srec);
    if (qd_suite::serial_reference())
        return;

    std::size_t bad = 0;
    for (int k = 0; k < sets; ++k)
        bad += differing(g[k].out.host, s[k].out.host) + differing(g[k].lo.host, s[k].lo.host) +
               differing(g[k].hi.host, s[k].hi.host);
    bad += differing(grec.host, srec.host);
    check("equal.graph_is_stream_bitwise", bad == 0,
          "%zu elements differ after %d calls of each (3 x %d outputs, %d records)", bad, calls,
          kMaxN + 1, kRec * calls);
    const HostRun want = simulate(inputs, calls, 0, sets);
    const std::size_t wrong = differing(g, grec, want);
    check("equal.graph_is_host", wrong == 0, "%zu elements differ from the host's", wrong);
}

// ---- streams ---------------------------------------------------------------

void streams_section(const Inputs& inputs, bool quick)
{
    const int calls = quick ? 10 : 300, sets = 2, salts[2] = {0, 5};
    qd::Stream streams[2];
    std::vector<DeviceSet> out[2] = {std::vector<DeviceSet>(sets), std::vector<DeviceSet>(sets)};
    Mirrored<float> rec[2] = {Mirrored<float>(std::size_t(kRec) * calls),
                              Mirrored<float>(std::size_t(kRec) * calls)};
    qd::synchronize(); // the uploads ran on the default stream
    for (int c = 0; c < calls; ++c)
        for (int j = 0; j < 2; ++j) {
            const Call k = plan(c, salts[j], sets);
            DeviceSet& d = out[j][k.set];
            mix_graph(inputs.in[k.input].device(), d.out.device(), d.lo.device(), d.hi.device(),
                      rec[j].device() + kRec * c, k.n, k.scale, streams[j]);
        }
    for (int j = 0; j < 2; ++j) {
        streams[j].synchronize();
        const std::string p = "streams.s" + std::to_string(j);
        const std::size_t wrong = differing(out[j], rec[j], simulate(inputs, calls, salts[j], sets));
        print_sets(p, out[j], rec[j]);
        check((p + ".right").c_str(), wrong == 0,
              "%zu elements differ from the host's after %d calls", wrong, calls);
    }
}

// ---- threads ---------------------------------------------------------------

void threads_section(const Inputs& inputs, bool quick)
{
    const int threads = 8, calls = quick ? 5 : 200, sets = 2;
    std::vector<std::vector<DeviceSet>> out;
    std::vector<Mirrored<float>> rec;
    for (int t = 0; t < threads; ++t) {
        out.emplace_back(sets);
        rec.emplace_back(std::size_t(kRec) * calls);
    }
    qd::synchronize(); // the uploads ran on the default stream
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            qd::Stream own;
            for (int c = 0; c < calls; ++c) {
                const Call k = plan(c, t, sets);
                DeviceSet& d = out[t][k.set];
                mix_graph(inputs.in[k.input].device(), d.out.device(), d.lo.device(),
                          d.hi.device(), rec[t].device() + kRec * c, k.n, k.scale, own);
            }
            own.synchronize();
        });
    for (std::thread& w : workers)
        w.join();
    std::size_t wrong = 0;
    int wrong_threads = 0;
    for (int t = 0; t < threads; ++t) {
        const std::size_t w = differing(out[t], rec[t], simulate(inputs, calls, t, sets));
        wrong += w;
        wrong_threads += w != 0;
        const std::string p = "threads.t" + std::to_string(t);
        print_summary((p + ".out0").c_str(), out[t][0].out.host);
        print_summary((p + ".rec").c_str(), rec[t].host);
    }
    check("threads.right", wrong == 0,
          "%zu elements differ from the host's, in %d of %d threads (%d calls each)", wrong,
          wrong_threads, threads, calls);
}

// ---- capture ---------------------------------------------------------------

// One graph-mode and one stream-mode call, depending on each other through
// x and y (each keeps its own totals).
void bump_pair(Mirrored<float>& x, Mirrored<float>& y, Mirrored<float>& total, int n,
               qd::StreamRef s)
{
    bump_graph(x.device(), y.device(), total.device(), n, 0.5f, s);
    bump_stream(x.device(), y.device(), total.device() + 3, n, 0.25f, s);
}

#if defined(QD_SUITE_CAPTURE)
// The vendor's capture API, spelled for the target of this translation.
namespace vendor {
#if defined(__HIPCC__)
using stream_t = hipStream_t;
using graph_t = hipGraph_t;
using exec_t = hipGraphExec_t;
using error_t = hipError_t;
constexpr error_t success = hipSuccess;
inline error_t begin_capture(stream_t s) { return hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal); }
inline error_t end_capture(stream_t s, graph_t* g) { return hipStreamEndCapture(s, g); }
inline error_t instantiate(exec_t* e, graph_t g) { return hipGraphInstantiateWithFlags(e, g, 0); }
inline error_t launch(exec_t e, stream_t s) { return hipGraphLaunch(e, s); }
inline void destroy_exec(exec_t e) { (void)hipGraphExecDestroy(e); }
inline void destroy_graph(graph_t g) { (void)hipGraphDestroy(g); }
inline const char* message(error_t e) { return hipGetErrorString(e); }
#else
using stream_t = cudaStream_t;
using graph_t = cudaGraph_t;
using exec_t = cudaGraphExec_t;
using error_t = cudaError_t;
constexpr error_t success = cudaSuccess;
inline error_t begin_capture(stream_t s) { return cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal); }
inline error_t end_capture(stream_t s, graph_t* g) { return cudaStreamEndCapture(s, g); }
inline error_t instantiate(exec_t* e, graph_t g) { return cudaGraphInstantiateWithFlags(e, g, 0); }
inline error_t launch(exec_t e, stream_t s) { return cudaGraphLaunch(e, s); }
inline void destroy_exec(exec_t e) { (void)cudaGraphExecDestroy(e); }
inline void destroy_graph(graph_t g) { (void)cudaGraphDestroy(g); }
inline const char* message(error_t e) { return cudaGetErrorString(e); }
#endif
} // namespace vendor

// Captures bump_pair on `s`, then launches the captured graph `launches`
// times on `s`. On a failure, a FAIL check line names the step; returns
// whether everything succeeded.
bool capture_and_launch(Mirrored<float>& x, Mirrored<float>& y, Mirrored<float>& total, int n,
                        qd::Stream& s, int launches)
{
    const vendor::stream_t native = static_cast<vendor::stream_t>(s.ref().native());
    auto failed = [](const char* step, vendor::error_t e) {
        check("capture.api", false, "%s: %s", step, vendor::message(e));
        return false;
    };
    vendor::error_t e = vendor::begin_capture(native);
    if (e != vendor::success)
        return failed("begin capture", e);
    try {
        bump_pair(x, y, total, n, s);
    } catch (const qd::Error& error) {
        vendor::graph_t broken = nullptr;
        (void)vendor::end_capture(native, &broken);
        if (broken)
            vendor::destroy_graph(broken);
        check("capture.calls", false, "a call inside the capture threw: %s", error.what());
        return false;
    }
    vendor::graph_t graph = nullptr;
    e = vendor::end_capture(native, &graph);
    if (e != vendor::success)
        return failed("end capture", e);
    vendor::exec_t exec = nullptr;
    e = vendor::instantiate(&exec, graph);
    if (e != vendor::success) {
        vendor::destroy_graph(graph);
        return failed("instantiate", e);
    }
    bool ok = true;
    for (int r = 0; r < launches && ok; ++r) {
        e = vendor::launch(exec, native);
        if (e != vendor::success)
            ok = failed("launch", e);
    }
    s.synchronize();
    vendor::destroy_exec(exec);
    vendor::destroy_graph(graph);
    return ok;
}
#endif

// The very first qd call of the process, a reducing kernel in graph and in
// stream mode, made inside the caller's capture (as torch.cuda.graph makes
// it): the runtime's lazily made resources (the reduction scratch pool) must
// not be made in a way capture forbids (issue 27). The captured graph,
// launched 3 times, gives what 3 direct calls made afterwards give.
void first_call_capture_section()
{
    const int n = 1025, launches = 3;
    auto x0 = [](std::size_t i) { return dyadic(i, 5u); };
    auto y0 = [](std::size_t i) { return dyadic(i, 6u); };
    qd::Stream s;
#if defined(QD_SUITE_CAPTURE)
    Mirrored<float> xc(n, x0), yc(n, y0), tc(6);
    qd::synchronize();
    const bool ok = capture_and_launch(xc, yc, tc, n, s, launches);
#endif
    Mirrored<float> xd(n, x0), yd(n, y0), td(6);
    qd::synchronize();
    for (int r = 0; r < launches; ++r)
        bump_pair(xd, yd, td, n, s);
    s.synchronize();
    for (Mirrored<float>* m : {&xd, &yd, &td})
        m->download();
#if defined(QD_SUITE_CAPTURE)
    for (Mirrored<float>* m : {&xc, &yc, &tc})
        m->download();
    const std::size_t bad = differing(xc.host, xd.host) + differing(yc.host, yd.host) +
                            differing(tc.host, td.host);
    check("first_capture.graph_equals_direct", ok && bad == 0,
          "first calls captured, graph launched %d times: %zu elements differ from %d "
          "direct calls", launches, bad, launches);
#endif
    print_summary("first_capture.x", xd);
    print_summary("first_capture.total", td);
}

void capture_section()
{
    const int n = 3001, launches = 3;
    auto x0 = [](std::size_t i) { return dyadic(i, 3u); };
    auto y0 = [](std::size_t i) { return dyadic(i, 4u); };
    qd::Stream s;
    // The expectation: the same calls made directly, `launches` times (this
    // also builds the graph-mode call's graph for s before the capture).
    Mirrored<float> xd(n, x0), yd(n, y0), td(6);
    qd::synchronize(); // the uploads ran on the default stream
    for (int r = 0; r < launches; ++r)
        bump_pair(xd, yd, td, n, s);
    s.synchronize();
#if defined(QD_SUITE_CAPTURE)
    Mirrored<float> xc(n, x0), yc(n, y0), tc(6);
    qd::synchronize();
    const bool ok = capture_and_launch(xc, yc, tc, n, s, launches);
    for (Mirrored<float>* m : {&xc, &yc, &tc, &xd, &yd, &td})
        m->download();
    const std::size_t bad = differing(xc.host, xd.host) + differing(yc.host, yd.host) +
                            differing(tc.host, td.host);
    check("capture.graph_equals_direct", ok && bad == 0,
          "captured graph launched %d times: %zu elements differ from %d direct calls "
          "(runs counted %.9g and %.9g, expected %d)",
          launches, bad, launches, tc.host[0], tc.host[3], launches);
    // After the capture, direct calls on the same stream are right again.
    bump_pair(xc, yc, tc, n, s);
    bump_pair(xd, yd, td, n, s);
    s.synchronize();
    for (Mirrored<float>* m : {&xd, &yd, &td})
        m->download();
    print_summary("capture.x", xc);
    print_summary("capture.y", yc);
    print_summary("capture.total", tc);
    const std::size_t later = differing(xc.host, xd.host) + differing(yc.host, yd.host) +
                              differing(tc.host, td.host);
    check("capture.later_direct_call", later == 0,
          "after the captured graph, one more direct call: %zu elements differ", later);
#else
    bump_pair(xd, yd, td, n, s);
    s.synchronize();
    print_summary("capture.x", xd);
    print_summary("capture.y", yd);
    print_summary("capture.total", td);
#endif
}

// ---- concurrency -----------------------------------------------------------

// Host milliseconds from the call to the end of its work. (A translation
// overloads each kernel with a stream entry point; the pointer type picks the
// kernel's own signature.)
double timed(void (*kernel)(unsigned*, int), unsigned* out, int steps)
{
    qd::synchronize();
    const double start = qd_suite::now_ms();
    kernel(out, steps);
    qd::synchronize();
    return qd_suite::now_ms() - start;
}

void concurrency_section(bool quick)
{
    const int steps = quick ? 1000 : 5000000, reps = quick ? 1 : 5;
    Mirrored<unsigned> out(8);
    timed(spin4_graph, out.device(), steps); // warm-up: module load, graph build
    timed(spin4_graph_serial, out.device(), steps);
    std::vector<double> parallel, serial;
    for (int r = 0; r < reps; ++r) {
        parallel.push_back(timed(spin4_graph, out.device(), steps));
        serial.push_back(timed(spin4_graph_serial, out.device(), steps));
    }
    out.download();
    for (int k = 0; k < 8; ++k)
        std::printf("concurrency.out%d %u\n", k, out.host[k]);
    if (!qd_suite::timing_checks())
        return;
    const double p = qd_suite::median(parallel), s = qd_suite::median(serial);
    check("concurrency.graph_speedup_at_least_2.5x", s >= 2.5 * p,
          "4 blocks in one graph %.3f ms, the same 4 loops in a row %.3f ms: %.2fx (median of %d)",
          p, s, s / p, reps);
}

} // namespace

int main()
{
    const bool quick = qd_suite::quick();
    first_call_capture_section(); // before any other call: see there
    {
        const Inputs inputs;
        equal_section(inputs, quick);
        streams_section(inputs, quick);
        threads_section(inputs, quick);
        capture_section();
        concurrency_section(quick);
    } // every buffer is freed here, before the reset below
#if defined(QD_SUITE_CAPTURE)
    // Graphs are cached now (from every section above); destroy their
    // context under them, as programs often do right before they exit. The
    // runtime frees its cached graphs at exit, and must leave these alone:
    // the reset freed them, and destroying them again would crash in the
    // driver.
    const std::size_t cached = qd::detail::cached_graph_count();
#if defined(__HIPCC__)
    const bool reset = hipDeviceReset() == hipSuccess;
#else
    const bool reset = cudaDeviceReset() == cudaSuccess;
#endif
    qd_suite::check("exit.reset_with_cached_graphs", reset,
                    "%zu graphs cached when the device was reset; exit follows", cached);
#endif
    return 0;
}
