// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// CUDA runtime API spelling of the primitives listed in backend.h.
#ifndef QD_RUNTIME_BACKEND_CUDA_H
#define QD_RUNTIME_BACKEND_CUDA_H

#include <cuda_runtime.h>

#include "lazy_device_handles.h"

#include <cstddef>
#include <cstdint>

namespace qd {
namespace backend {

inline constexpr const char* kName = "cuda";
inline constexpr bool kHasMultiprocessors = true;

// Runtime API calls that fail with a non-sticky error also leave it as the
// thread's "last error"; consume it so that the next launch check (which
// reads cudaGetLastError) does not blame an innocent kernel for it.
inline void check(cudaError_t e, const char* call) {
  if (e == cudaSuccess)
    return;
  if (cudaPeekAtLastError() == e)
    (void)cudaGetLastError();
  api_failure(call, cudaGetErrorString(e));
}

inline void ignore(cudaError_t e) noexcept {
  if (e != cudaSuccess && cudaPeekAtLastError() == e)
    (void)cudaGetLastError();
}

inline cudaStream_t stream(StreamHandle s) {
  return static_cast<cudaStream_t>(s);
}
inline cudaEvent_t event(EventHandle e) { return static_cast<cudaEvent_t>(e); }

inline int device_count() {
  int n = 0;
  check(cudaGetDeviceCount(&n), "cudaGetDeviceCount");
  return n;
}

inline int current_device() {
  int d = 0;
  check(cudaGetDevice(&d), "cudaGetDevice");
  return d;
}

inline void set_device(int device) {
  check(cudaSetDevice(device), "cudaSetDevice");
}

inline int multiprocessor_count(int device) {
  int n = 0;
  check(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, device),
        "cudaDeviceGetAttribute(cudaDevAttrMultiProcessorCount)");
  return n;
}

inline void device_synchronize() {
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

inline StreamHandle stream_create_non_blocking() {
  cudaStream_t s = nullptr;
  check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking),
        "cudaStreamCreateWithFlags");
  return s;
}

inline StreamHandle stream_create_with_priority(int priority) {
  cudaStream_t s = nullptr;
  check(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, priority),
        "cudaStreamCreateWithPriority");
  return s;
}

inline void stream_priority_range(int& least, int& greatest) {
  check(cudaDeviceGetStreamPriorityRange(&least, &greatest),
        "cudaDeviceGetStreamPriorityRange");
}

inline int stream_priority(StreamHandle s) {
  int priority = 0;
  check(cudaStreamGetPriority(stream(s), &priority), "cudaStreamGetPriority");
  return priority;
}

inline void stream_synchronize(StreamHandle s) {
  check(cudaStreamSynchronize(stream(s)), "cudaStreamSynchronize");
}

inline void stream_destroy(StreamHandle s) noexcept {
  ignore(cudaStreamDestroy(stream(s)));
}

inline EventHandle event_create(bool timing) {
  cudaEvent_t e = nullptr;
  check(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault
                                            : cudaEventDisableTiming),
        "cudaEventCreateWithFlags");
  return e;
}

inline void event_destroy(EventHandle e) noexcept {
  ignore(cudaEventDestroy(event(e)));
}

inline void event_record(EventHandle e, StreamHandle s) {
  check(cudaEventRecord(event(e), stream(s)), "cudaEventRecord");
}

inline void stream_wait_event(StreamHandle s, EventHandle e) {
  check(cudaStreamWaitEvent(stream(s), event(e), 0), "cudaStreamWaitEvent");
}

inline void event_synchronize(EventHandle e) {
  check(cudaEventSynchronize(event(e)), "cudaEventSynchronize");
}

inline bool event_query(EventHandle e) {
  const cudaError_t status = cudaEventQuery(event(e));
  if (status == cudaErrorNotReady) {
    // "Not ready" is an answer, not a failure; keep it out of the last-error
    // slot that launch checks read.
    if (cudaPeekAtLastError() == cudaErrorNotReady)
      (void)cudaGetLastError();
    return false;
  }
  check(status, "cudaEventQuery");
  return true;
}

inline float event_elapsed_ms(EventHandle start, EventHandle end) {
  float ms = 0.f;
  check(cudaEventElapsedTime(&ms, event(start), event(end)),
        "cudaEventElapsedTime");
  return ms;
}

inline void* device_malloc(std::size_t bytes) {
  void* p = nullptr;
  check(cudaMalloc(&p, bytes), "cudaMalloc");
  return p;
}

inline void device_free(void* p) noexcept { ignore(cudaFree(p)); }

inline void memcpy_host_to_device_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, stream(s)),
        "cudaMemcpyAsync(HostToDevice)");
}

inline void memcpy_device_to_host_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream(s)),
        "cudaMemcpyAsync(DeviceToHost)");
}

// This library's stream-ordered pool of `device`. Not the device's default
// pool: that one belongs to the program (PyTorch's async allocator sets its
// attributes and trims it), and our attributes would change its behaviour.
// Reduction scratch is taken and given back on every kernel call that
// reduces, so the release threshold is unlimited: freed memory stays in the
// pool across synchronizations instead of going back to the driver, and the
// next call reuses it without a driver allocation.
inline cudaMemPool_t create_scratch_pool(int device) {
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t pool = nullptr;
  check(cudaMemPoolCreate(&pool, &props), "cudaMemPoolCreate");
  std::uint64_t threshold = UINT64_MAX;
  const cudaError_t e =
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  if (e != cudaSuccess) {
    ignore(cudaMemPoolDestroy(pool));
    check(e, "cudaMemPoolSetAttribute(cudaMemPoolAttrReleaseThreshold)");
  }
  return pool;
}

// A kernel's first call may come inside the caller's stream capture
// (torch.cuda.graph captures the first call of a model). Creating the pool
// is an operation capture forbids in the global and thread-local modes, so
// this thread's capture mode is relaxed while it is made, as PyTorch's
// caching allocator does for its own allocations; the pool itself is not
// part of any graph.
inline cudaMemPool_t create_scratch_pool_during_capture(int device) {
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  check(cudaThreadExchangeStreamCaptureMode(&mode),
        "cudaThreadExchangeStreamCaptureMode");
  struct Restore {
    cudaStreamCaptureMode mode;
    ~Restore() { ignore(cudaThreadExchangeStreamCaptureMode(&mode)); }
  } restore{mode};
  return create_scratch_pool(device);
}

inline cudaMemPool_t scratch_pool(int device) {
  // Never destroyed, like the stream pools (device_pools.cpp): memory may be
  // given back to it by a thread that outlives static destruction, and the
  // driver reclaims it at exit anyway.
  static LazyDeviceHandles<cudaMemPool_t>* const pools =
      new LazyDeviceHandles<cudaMemPool_t>(device_count());
  if (!pools->contains(device))
    api_failure("cudaMallocFromPoolAsync", "invalid device ordinal");
  return pools->get(device, &create_scratch_pool_during_capture);
}

inline void* pool_malloc_async(int device, std::size_t bytes, StreamHandle s) {
  void* p = nullptr;
  check(cudaMallocFromPoolAsync(&p, bytes, scratch_pool(device), stream(s)),
        "cudaMallocFromPoolAsync");
  return p;
}

inline void pool_free_async(void* p, StreamHandle s) noexcept {
  ignore(cudaFreeAsync(p, stream(s)));
}

inline void memset_async(void* p, int value, std::size_t bytes,
                         StreamHandle s) {
  check(cudaMemsetAsync(p, value, bytes, stream(s)), "cudaMemsetAsync");
}

inline bool device_accessible(const void* p) {
  cudaPointerAttributes a = {};
  const cudaError_t e = cudaPointerGetAttributes(&a, p);
  // Drivers before CUDA 11 called plain host memory an invalid value.
  if (e == cudaErrorInvalidValue) {
    ignore(e);
    return false;
  }
  check(e, "cudaPointerGetAttributes");
  return a.type != cudaMemoryTypeUnregistered;
}

// --- graph mode ---------------------------------------------------------------

inline cudaGraph_t graph(GraphHandle g) { return static_cast<cudaGraph_t>(g); }
inline cudaGraphExec_t exec(ExecHandle x) {
  return static_cast<cudaGraphExec_t>(x);
}
inline cudaGraphNode_t node(NodeHandle n) {
  return static_cast<cudaGraphNode_t>(n);
}

inline cudaKernelNodeParams kernel_params(const KernelNode& k) {
  cudaKernelNodeParams p = {};
  p.func = const_cast<void*>(k.function);
  p.gridDim = dim3(k.grid);
  p.blockDim = dim3(k.block);
  p.sharedMemBytes = 0;
  p.kernelParams = const_cast<void**>(k.args);
  p.extra = nullptr;
  return p;
}

inline bool stream_is_capturing(StreamHandle s) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  check(cudaStreamIsCapturing(stream(s), &status), "cudaStreamIsCapturing");
  return status != cudaStreamCaptureStatusNone;
}

inline void launch_kernel(const KernelNode& k, StreamHandle s) {
  check(cudaLaunchKernel(k.function, dim3(k.grid), dim3(k.block),
                         const_cast<void**>(k.args), 0, stream(s)),
        "cudaLaunchKernel");
}

inline GraphHandle graph_create() {
  cudaGraph_t g = nullptr;
  check(cudaGraphCreate(&g, 0), "cudaGraphCreate");
  return g;
}

inline NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
                                        std::size_t n, const KernelNode& k) {
  const cudaKernelNodeParams p = kernel_params(k);
  cudaGraphNode_t added = nullptr;
  check(cudaGraphAddKernelNode(&added, graph(g),
                               reinterpret_cast<const cudaGraphNode_t*>(deps), n,
                               &p),
        "cudaGraphAddKernelNode");
  if (k.prioritized) {
    // A priority is a scheduling hint: a driver that refuses it on a node
    // (CUDA does not document it for nodes of conditional bodies) leaves the
    // node at the default priority, which runs the graph correctly.
    cudaKernelNodeAttrValue value = {};
    value.priority = k.priority;
    ignore(cudaGraphKernelNodeSetAttribute(
        added, cudaKernelNodeAttributePriority, &value));
  }
  return added;
}

#if CUDART_VERSION >= 12040
inline std::uint64_t graph_conditional_handle(GraphHandle g) {
  cudaGraphConditionalHandle handle = 0;
  // The default value applies at every launch, so a condition left set by
  // the last launch never leaks into the next one.
  check(cudaGraphConditionalHandleCreate(&handle, graph(g), 0,
                                         cudaGraphCondAssignDefault),
        "cudaGraphConditionalHandleCreate");
  return handle;
}

inline NodeHandle graph_add_conditional_node(GraphHandle g,
                                             const NodeHandle* deps,
                                             std::size_t n,
                                             std::uint64_t handle,
                                             cudaGraphConditionalNodeType type,
                                             GraphHandle& body) {
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = handle;
  p.conditional.type = type;
  p.conditional.size = 1;
  cudaGraphNode_t added = nullptr;
  const auto* dependencies = reinterpret_cast<const cudaGraphNode_t*>(deps);
#if CUDART_VERSION >= 13000
  check(cudaGraphAddNode(&added, graph(g), dependencies, nullptr, n, &p),
        "cudaGraphAddNode");
#else
  check(cudaGraphAddNode(&added, graph(g), dependencies, n, &p),
        "cudaGraphAddNode");
#endif
  body = p.conditional.phGraph_out[0];
  return added;
}

inline NodeHandle graph_add_while_node(GraphHandle g, const NodeHandle* deps,
                                       std::size_t n, std::uint64_t handle,
                                       GraphHandle& body) {
  return graph_add_conditional_node(g, deps, n, handle, cudaGraphCondTypeWhile,
                                    body);
}

inline NodeHandle graph_add_if_node(GraphHandle g, const NodeHandle* deps,
                                    std::size_t n, std::uint64_t handle,
                                    GraphHandle& body) {
  return graph_add_conditional_node(g, deps, n, handle, cudaGraphCondTypeIf,
                                    body);
}
#else
[[noreturn]] inline void no_conditional_nodes() {
  api_failure("cudaGraphConditionalHandleCreate",
              "conditional WHILE nodes need CUDA 12.4 or later; this runtime "
              "was built with an older toolkit");
}
inline std::uint64_t graph_conditional_handle(GraphHandle) {
  no_conditional_nodes();
}
inline NodeHandle graph_add_while_node(GraphHandle, const NodeHandle*,
                                       std::size_t, std::uint64_t,
                                       GraphHandle&) {
  no_conditional_nodes();
}
inline NodeHandle graph_add_if_node(GraphHandle, const NodeHandle*,
                                    std::size_t, std::uint64_t,
                                    GraphHandle&) {
  no_conditional_nodes();
}
#endif

inline void stream_begin_capture(StreamHandle s) {
  // Thread-local: a synchronizing call made by this thread invalidates the
  // capture (and is reported), one made by other threads is not affected.
  check(cudaStreamBeginCapture(stream(s), cudaStreamCaptureModeThreadLocal),
        "cudaStreamBeginCapture");
}

inline GraphHandle stream_end_capture(StreamHandle s) {
  cudaGraph_t g = nullptr;
  check(cudaStreamEndCapture(stream(s), &g), "cudaStreamEndCapture");
  return g;
}

inline std::size_t graph_node_count(GraphHandle g) {
  std::size_t n = 0;
  check(cudaGraphGetNodes(graph(g), nullptr, &n), "cudaGraphGetNodes");
  return n;
}

inline NodeHandle graph_add_child_graph_node(GraphHandle g, const NodeHandle* deps,
                                             std::size_t n, GraphHandle child) {
  cudaGraphNode_t added = nullptr;
  check(cudaGraphAddChildGraphNode(&added, graph(g),
                                   reinterpret_cast<const cudaGraphNode_t*>(deps),
                                   n, graph(child)),
        "cudaGraphAddChildGraphNode");
  return added;
}

inline void graph_exec_set_child_graph(ExecHandle x, NodeHandle n,
                                       GraphHandle child) {
  check(cudaGraphExecChildGraphNodeSetParams(exec(x), node(n), graph(child)),
        "cudaGraphExecChildGraphNodeSetParams");
}

// Without cudaGraphInstantiateFlagUseNodePriority the driver ignores the
// nodes' priorities and runs them all at the launch stream's.
inline ExecHandle graph_instantiate(GraphHandle g, bool node_priorities) {
  cudaGraphExec_t x = nullptr;
  check(cudaGraphInstantiateWithFlags(
            &x, graph(g),
            node_priorities ? cudaGraphInstantiateFlagUseNodePriority : 0),
        "cudaGraphInstantiateWithFlags");
  return x;
}

inline void graph_exec_set_kernel_params(ExecHandle x, NodeHandle n,
                                         const KernelNode& k) {
  const cudaKernelNodeParams p = kernel_params(k);
  check(cudaGraphExecKernelNodeSetParams(exec(x), node(n), &p),
        "cudaGraphExecKernelNodeSetParams");
}

inline void graph_launch(ExecHandle x, StreamHandle s) {
  check(cudaGraphLaunch(exec(x), stream(s)), "cudaGraphLaunch");
}

inline void graph_exec_destroy(ExecHandle x) noexcept {
  ignore(cudaGraphExecDestroy(exec(x)));
}

inline void graph_destroy(GraphHandle g) noexcept {
  ignore(cudaGraphDestroy(graph(g)));
}

// The driver calls behind context_id. The runtime API has no way to ask
// whether a context still exists: a handle of a destroyed one is not an
// error there but a crash. Reached through the runtime's driver entry points,
// so the library needs no link to libcuda.
struct DriverContextApi {
  int (*get_state)(int, unsigned*, int*) = nullptr; // cuDevicePrimaryCtxGetState
  int (*retain)(void**, int) = nullptr;             // cuDevicePrimaryCtxRetain
  int (*release)(int) = nullptr;                    // cuDevicePrimaryCtxRelease
  int (*get_id)(void*, unsigned long long*) = nullptr; // cuCtxGetId
};

template <class Fn> void driver_entry(const char* symbol, Fn& fn) noexcept {
  void* p = nullptr;
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  const cudaError_t e = cudaGetDriverEntryPointByVersion(
      symbol, &p, 12000, cudaEnableDefault, &found);
  if (e == cudaSuccess && found == cudaDriverEntryPointSuccess)
    fn = reinterpret_cast<Fn>(p);
  else
    ignore(e);
}

inline const DriverContextApi& driver_context_api() noexcept {
  static const DriverContextApi api = [] {
    DriverContextApi a;
    driver_entry("cuDevicePrimaryCtxGetState", a.get_state);
    driver_entry("cuDevicePrimaryCtxRetain", a.retain);
    driver_entry("cuDevicePrimaryCtxRelease", a.release);
    driver_entry("cuCtxGetId", a.get_id);
    return a;
  }();
  return api;
}

inline std::uint64_t context_id(int device) noexcept {
  const DriverContextApi& api = driver_context_api();
  if (!api.get_state || !api.retain || !api.release || !api.get_id)
    return 0;
  unsigned flags = 0;
  int active = 0;
  // Retaining an inactive primary context would create a new one.
  if (api.get_state(device, &flags, &active) != 0 || !active)
    return 0;
  void* context = nullptr;
  if (api.retain(&context, device) != 0)
    return 0;
  unsigned long long id = 0;
  const bool known = api.get_id(context, &id) == 0;
  api.release(device);
  return known ? id : 0;
}

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_CUDA_H
