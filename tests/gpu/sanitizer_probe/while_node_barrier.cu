// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// while_node_barrier.cu -- a hand-written probe of compute-sanitizer on
// CUDA graphs with a conditional WHILE node (issue 42, section 2b). No qd
// code and no qd runtime: plain CUDA, so that what the sanitizers report
// here is about the tool and the driver, not about our translator.
//
// On an H200 (compute-sanitizer 2025.3), synccheck reported "Barrier error
// detected. Divergent thread(s) in warp" in generated reduction kernels
// (qd_sweep_loop0 of tests/golden/expected/graph_loops.cu) only when they
// ran in the body graph of a WHILE node, and memcheck and racecheck crashed
// those programs; the same kernels in stream mode were clean. This probe
// runs one kernel of the same shape three ways:
//   plain  on a stream, K times, each followed by a 1-thread test kernel;
//   graph  the same captured into an ordinary graph, launched 3 times;
//   while  the kernel and a test kernel that calls cudaGraphSetConditional
//          in the body graph of a WHILE node (built as the qd runtime
//          builds it: cudaGraphAddKernelNode, a handle with default 0 and
//          cudaGraphCondAssignDefault, a 1-thread kernel before the node
//          that sets the condition), launched 3 times;
//   while_exit  the same, its graph destroyed after main returns (from a
//          static destructor), as qd's graph cache destroys its graphs;
//   while_update  the same, built on scratch buffers that are freed after
//          cudaGraphExecKernelNodeSetParams moved the body's kernel node to
//          others, as graph mode updates a cached graph.
// The kernel is a Jacobi sweep over two buffers whose pointers are read
// from device slots (swapped by the test kernel, as graph mode does with
// host values it moved to the device), with a max reduction into a
// register, a __syncthreads tree through __shared__ memory, a last-block
// ticket (atomicAdd and __threadfence) and the fold of the blocks'
// partials by the last block: every thread reaches every barrier.
//
// Usage: while_node_barrier [plain|graph|while|while_exit|while_update]
//        (default: all)
// Prints `check <variant>.<what> PASS|FAIL <detail>` lines (the GPU suite
// counts them, tests/gpu/run_on_device.sh) and exits 1 if any failed, 2 on a
// CUDA error.
#include <cuda_runtime.h>

#if CUDART_VERSION < 12040
#error "while_node_barrier.cu needs CUDA 12.4 or later: conditional graph nodes"
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define PROBE_CHECK(call) probe_check((call), #call, __LINE__)

static void probe_check(cudaError_t e, const char* what, int line) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "while_node_barrier.cu:%d: %s: %s\n", line, what,
                 cudaGetErrorString(e));
    std::exit(2);
  }
}

constexpr unsigned kBlock = 256;
constexpr int kIterations = 5;
constexpr int kLaunches = 3;
constexpr int kN = (1 << 20) + 3; // odd: the grid-stride loops have tails

__device__ float max_of(float a, float b) { return a < b ? b : a; }

// The tree of qd::detail::block_reduce for a power-of-two block.
__device__ float block_max(float value, float* shared) {
  const unsigned t = threadIdx.x;
  float acc = value;
  shared[t] = acc;
  __syncthreads();
  for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      acc = max_of(acc, shared[t + stride]);
      shared[t] = acc;
    }
    __syncthreads();
  }
  return acc;
}

// qd::detail::last_block_done: true in every thread of the last block.
__device__ bool last_block_done(unsigned* done) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    __threadfence();
    const unsigned ticket = atomicAdd(done, 1u);
    last = ticket == gridDim.x - 1;
    if (last) {
      __threadfence();
      *done = 0;
    }
  }
  __syncthreads();
  const bool result = last;
  __syncthreads();
  return result;
}

__global__ void __launch_bounds__(kBlock)
    sweep(int n, float* const* slot_u, float* const* slot_v, float* result,
          float* partials, unsigned* done) {
  const float* u = *slot_u;
  float* v = *slot_v;
  float res = -HUGE_VALF;
  const unsigned long long stride =
      static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long k =
           static_cast<unsigned long long>(blockIdx.x) * blockDim.x +
           threadIdx.x + 1;
       k + 1 < static_cast<unsigned long long>(n); k += stride) {
    v[k] = 0.5f * (u[k - 1] + u[k + 1]);
    res = max_of(res, fabsf(v[k] - u[k]));
  }
  __shared__ float shared[kBlock];
  res = block_max(res, shared);
  if (threadIdx.x == 0)
    partials[blockIdx.x] = res;
  if (last_block_done(done)) {
    const volatile float* p = partials;
    float acc = -HUGE_VALF;
    for (unsigned i = threadIdx.x; i < gridDim.x; i += kBlock)
      acc = max_of(acc, p[i]);
    acc = block_max(acc, shared);
    if (threadIdx.x == 0)
      *result = max_of(*result, acc);
  }
}

struct State {
  float* slots[2];           // u and v, swapped after each sweep
  float residual;            // this iteration's max |v - u|
  int iterations;            // sweeps done in this launch
  float history[kIterations]; // each iteration's residual
};

// Before the loop: a fresh start, and (WHILE) the node's first test.
template <bool kWhile>
__global__ void __launch_bounds__(1)
    start(State* s, float* a, float* b, cudaGraphConditionalHandle loop) {
  s->slots[0] = a;
  s->slots[1] = b;
  s->residual = -HUGE_VALF;
  s->iterations = 0;
  if constexpr (kWhile)
    cudaGraphSetConditional(loop, kIterations > 0 ? 1u : 0u);
  else
    (void)loop;
}

// After each sweep: record, swap, and (WHILE) test.
template <bool kWhile>
__global__ void __launch_bounds__(1)
    test(State* s, cudaGraphConditionalHandle loop) {
  if (s->iterations < kIterations)
    s->history[s->iterations] = s->residual;
  s->iterations += 1;
  s->residual = -HUGE_VALF;
  float* t = s->slots[0];
  s->slots[0] = s->slots[1];
  s->slots[1] = t;
  if constexpr (kWhile)
    cudaGraphSetConditional(loop, s->iterations < kIterations ? 1u : 0u);
  else
    (void)loop;
}

struct Device {
  float* a = nullptr;
  float* b = nullptr;
  float* partials = nullptr;
  unsigned* done = nullptr;
  State* state = nullptr;
  unsigned blocks = 0;
};

struct Expected {
  std::vector<float> field;
  float history[kIterations];
};

static std::vector<float> initial_field() {
  std::vector<float> u(kN);
  for (int i = 0; i < kN; ++i)
    u[i] = static_cast<float>((i * 37) % 1001);
  return u;
}

// The same sweeps on the host: exact in float (integers halved 5 times).
static Expected expected_result() {
  Expected e;
  std::vector<float> u = initial_field(), v = u;
  for (int it = 0; it < kIterations; ++it) {
    float res = -HUGE_VALF;
    for (int k = 1; k + 1 < kN; ++k) {
      v[k] = 0.5f * (u[k - 1] + u[k + 1]);
      const float d = v[k] > u[k] ? v[k] - u[k] : u[k] - v[k];
      res = res < d ? d : res;
    }
    e.history[it] = res;
    u.swap(v);
  }
  e.field = u;
  return e;
}

static void reset(const Device& d, cudaStream_t stream) {
  const std::vector<float> u = initial_field();
  PROBE_CHECK(cudaMemcpyAsync(d.a, u.data(), kN * sizeof(float),
                              cudaMemcpyHostToDevice, stream));
  PROBE_CHECK(cudaMemcpyAsync(d.b, u.data(), kN * sizeof(float),
                              cudaMemcpyHostToDevice, stream));
  PROBE_CHECK(cudaStreamSynchronize(stream));
}

static void enqueue_sweep(const Device& d, cudaStream_t stream) {
  sweep<<<d.blocks, kBlock, 0, stream>>>(kN, &d.state->slots[0],
                                         &d.state->slots[1], &d.state->residual,
                                         d.partials, d.done);
  PROBE_CHECK(cudaGetLastError());
}

// One loop of kIterations sweeps on a stream, without graphs.
static void enqueue_plain(const Device& d, cudaStream_t stream) {
  start<false><<<1, 1, 0, stream>>>(d.state, d.a, d.b, 0);
  PROBE_CHECK(cudaGetLastError());
  for (int it = 0; it < kIterations; ++it) {
    enqueue_sweep(d, stream);
    test<false><<<1, 1, 0, stream>>>(d.state, 0);
    PROBE_CHECK(cudaGetLastError());
  }
}

// The sweep kernel's arguments on device `d`, as a kernel node takes them.
struct SweepArgs {
  int n = kN;
  float* const* slot_u;
  float* const* slot_v;
  float* result;
  float* partials;
  unsigned* done;
  void* args[6] = {&n, &slot_u, &slot_v, &result, &partials, &done};
  explicit SweepArgs(const Device& d)
      : slot_u(&d.state->slots[0]), slot_v(&d.state->slots[1]),
        result(&d.state->residual), partials(d.partials), done(d.done) {}
  SweepArgs(const SweepArgs&) = delete; // args points into this object
  SweepArgs& operator=(const SweepArgs&) = delete;
};

static cudaGraphNode_t add_kernel(cudaGraph_t g, const cudaGraphNode_t* deps,
                                  std::size_t n, void* function, unsigned grid,
                                  unsigned block, void** args) {
  cudaKernelNodeParams p = {};
  p.func = function;
  p.gridDim = dim3(grid);
  p.blockDim = dim3(block);
  p.kernelParams = args;
  cudaGraphNode_t node = nullptr;
  PROBE_CHECK(cudaGraphAddKernelNode(&node, g, deps, n, &p));
  return node;
}

// start -> WHILE { sweep -> test }, as the qd runtime builds a graph loop.
static cudaGraph_t build_while_graph(const Device& d,
                                     cudaGraphNode_t* sweep_node = nullptr) {
  cudaGraph_t g = nullptr;
  PROBE_CHECK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle handle = 0;
  PROBE_CHECK(cudaGraphConditionalHandleCreate(&handle, g, 0,
                                               cudaGraphCondAssignDefault));
  State* state = d.state;
  float* a = d.a;
  float* b = d.b;
  void* start_args[] = {&state, &a, &b, &handle};
  cudaGraphNode_t first = add_kernel(
      g, nullptr, 0, reinterpret_cast<void*>(&start<true>), 1, 1, start_args);

  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = handle;
  p.conditional.type = cudaGraphCondTypeWhile;
  p.conditional.size = 1;
  cudaGraphNode_t loop = nullptr;
#if CUDART_VERSION >= 13000
  PROBE_CHECK(cudaGraphAddNode(&loop, g, &first, nullptr, 1, &p));
#else
  PROBE_CHECK(cudaGraphAddNode(&loop, g, &first, 1, &p));
#endif
  cudaGraph_t body = p.conditional.phGraph_out[0];

  SweepArgs sweep_args(d);
  cudaGraphNode_t swept =
      add_kernel(body, nullptr, 0, reinterpret_cast<void*>(&sweep), d.blocks,
                 kBlock, sweep_args.args);
  if (sweep_node)
    *sweep_node = swept;
  void* test_args[] = {&state, &handle};
  add_kernel(body, &swept, 1, reinterpret_cast<void*>(&test<true>), 1, 1,
             test_args);
  return g;
}

static int failures = 0;

static void report(const char* variant, const char* what, bool ok,
                   const char* detail) {
  std::printf("check %s.%s %s %s\n", variant, what, ok ? "PASS" : "FAIL",
              detail);
  if (!ok)
    ++failures;
}

static void check_launch(const Device& d, const Expected& e,
                         int* bad_residuals, int* bad_fields,
                         int* bad_counts) {
  State s;
  PROBE_CHECK(cudaMemcpy(&s, d.state, sizeof s, cudaMemcpyDeviceToHost));
  if (s.iterations != kIterations)
    ++*bad_counts;
  for (int it = 0; it < kIterations; ++it)
    if (std::memcmp(&s.history[it], &e.history[it], sizeof(float)) != 0)
      ++*bad_residuals;
  std::vector<float> field(kN);
  PROBE_CHECK(cudaMemcpy(field.data(), s.slots[0], kN * sizeof(float),
                         cudaMemcpyDeviceToHost));
  if (std::memcmp(field.data(), e.field.data(), kN * sizeof(float)) != 0)
    ++*bad_fields;
}

// The graph of the "while_exit" variant, destroyed after main returns, as
// qd's graph cache destroys its graphs at exit: this tells whether a crash
// at exit under a tool comes from destroying a graph with a conditional node
// then, in plain CUDA.
struct DestroyedAtExit {
  cudaGraphExec_t exec = nullptr;
  cudaGraph_t graph = nullptr;
  ~DestroyedAtExit() {
    if (exec)
      PROBE_CHECK(cudaGraphExecDestroy(exec));
    if (graph)
      PROBE_CHECK(cudaGraphDestroy(graph));
  }
};

static void run(const char* variant, const Device& d, const Expected& e,
                cudaStream_t stream) {
  const bool plain = std::strcmp(variant, "plain") == 0;
  const bool at_exit = std::strcmp(variant, "while_exit") == 0;
  const bool updated = std::strcmp(variant, "while_update") == 0;
  const bool is_while =
      at_exit || updated || std::strcmp(variant, "while") == 0;
  cudaGraphExec_t exec = nullptr;
  cudaGraph_t graph = nullptr;
  cudaGraphNode_t sweep_node = nullptr;
  if (updated) {
    // Built on scratch of its own, which is freed once the node was updated
    // to other scratch, as graph mode updates a cached graph whose call
    // passes buffers allocated since (samples/shallow_water).
    Device first = d;
    PROBE_CHECK(cudaMalloc(&first.partials, d.blocks * sizeof(float)));
    PROBE_CHECK(cudaMalloc(&first.done, sizeof(unsigned)));
    PROBE_CHECK(cudaMemset(first.done, 0, sizeof(unsigned)));
    graph = build_while_graph(first, &sweep_node);
    PROBE_CHECK(cudaGraphInstantiate(&exec, graph, 0));
    reset(d, stream);
    PROBE_CHECK(cudaGraphLaunch(exec, stream));
    PROBE_CHECK(cudaStreamSynchronize(stream));
    SweepArgs args(d);
    cudaKernelNodeParams p = {};
    p.func = reinterpret_cast<void*>(&sweep);
    p.gridDim = dim3(d.blocks);
    p.blockDim = dim3(kBlock);
    p.kernelParams = args.args;
    PROBE_CHECK(cudaGraphExecKernelNodeSetParams(exec, sweep_node, &p));
    PROBE_CHECK(cudaFree(first.partials));
    PROBE_CHECK(cudaFree(first.done));
  } else if (is_while) {
    graph = build_while_graph(d);
  } else if (!plain) {
    PROBE_CHECK(
        cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    enqueue_plain(d, stream);
    PROBE_CHECK(cudaStreamEndCapture(stream, &graph));
  }
  if (graph && !exec)
    PROBE_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  int bad_residuals = 0, bad_fields = 0, bad_counts = 0;
  const int launches = plain ? 1 : kLaunches;
  for (int launch = 0; launch < launches; ++launch) {
    reset(d, stream);
    if (exec)
      PROBE_CHECK(cudaGraphLaunch(exec, stream));
    else
      enqueue_plain(d, stream);
    PROBE_CHECK(cudaStreamSynchronize(stream));
    check_launch(d, e, &bad_residuals, &bad_fields, &bad_counts);
  }
  char detail[160];
  std::snprintf(detail, sizeof detail,
                "%d launch(es) x %d iterations, %d blocks of %u: %d wrong",
                launches, kIterations, d.blocks, kBlock, bad_residuals);
  report(variant, "residuals", bad_residuals == 0, detail);
  std::snprintf(detail, sizeof detail, "%d wrong field(s) of %d", bad_fields,
                launches);
  report(variant, "field", bad_fields == 0, detail);
  std::snprintf(detail, sizeof detail, "%d launch(es) with another count",
                bad_counts);
  report(variant, "iterations", bad_counts == 0, detail);
  if (at_exit) {
    static DestroyedAtExit kept;
    kept.exec = exec;
    kept.graph = graph;
    return;
  }
  if (exec)
    PROBE_CHECK(cudaGraphExecDestroy(exec));
  if (graph)
    PROBE_CHECK(cudaGraphDestroy(graph));
}

int main(int argc, char** argv) {
  const char* only = argc > 1 ? argv[1] : nullptr;
  const char* variants[] = {"plain", "graph", "while", "while_exit", "while_update"};
  bool known = only == nullptr;
  for (const char* v : variants)
    known = known || std::strcmp(v, only) == 0;
  if (!known) {
    std::fprintf(stderr, "usage: %s [plain|graph|while|while_exit|while_update]\n", argv[0]);
    return 2;
  }
  int device = 0, sms = 0;
  PROBE_CHECK(cudaGetDevice(&device));
  PROBE_CHECK(
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  Device d;
  // Several blocks per multiprocessor, and fewer threads than elements, so
  // every thread loops and the last block folds many partials.
  d.blocks = static_cast<unsigned>(2 * sms);
  PROBE_CHECK(cudaMalloc(&d.a, kN * sizeof(float)));
  PROBE_CHECK(cudaMalloc(&d.b, kN * sizeof(float)));
  PROBE_CHECK(cudaMalloc(&d.partials, d.blocks * sizeof(float)));
  PROBE_CHECK(cudaMalloc(&d.done, sizeof(unsigned)));
  PROBE_CHECK(cudaMemset(d.done, 0, sizeof(unsigned)));
  PROBE_CHECK(cudaMalloc(&d.state, sizeof(State)));
  cudaStream_t stream = nullptr;
  PROBE_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  const Expected e = expected_result();
  for (const char* v : variants)
    if (only == nullptr || std::strcmp(v, only) == 0)
      run(v, d, e, stream);
  PROBE_CHECK(cudaStreamDestroy(stream));
  PROBE_CHECK(cudaFree(d.state));
  PROBE_CHECK(cudaFree(d.done));
  PROBE_CHECK(cudaFree(d.partials));
  PROBE_CHECK(cudaFree(d.b));
  PROBE_CHECK(cudaFree(d.a));
  return failures == 0 ? 0 : 1;
}
