// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The primitives listed in backend.h over a GPU runtime API, written once for
// CUDA and HIP. Included by backend_cuda.h or backend_hip.h, whose macros
// spell the vendor's names: QD_GPU(Malloc) is cudaMalloc or hipMalloc, and
// QD_GPU_NAME(Malloc) is that name as a string, for error messages.
//
// The two APIs share their names after the prefix nearly everywhere. Names
// that do not are aliased in the vendor header; code that only one API has
// (node priorities, conditional nodes, the context identity, how pointer
// attributes tell host memory) is under #if here.
#ifndef QD_RUNTIME_BACKEND_GPU_H
#define QD_RUNTIME_BACKEND_GPU_H

#if !defined(QD_GPU) || !defined(QD_GPU_NAME)
#error "include backend_cuda.h or backend_hip.h, not backend_gpu.h"
#endif

#include "lazy_device_handles.h"

#include <cstddef>
#include <cstdint>

namespace qd {
namespace backend {

using gpuError_t = QD_GPU(Error_t);
using gpuStream_t = QD_GPU(Stream_t);
using gpuEvent_t = QD_GPU(Event_t);
using gpuMemPool_t = QD_GPU(MemPool_t);
using gpuMemPoolProps = QD_GPU(MemPoolProps);
using gpuStreamCaptureMode = QD_GPU(StreamCaptureMode);
using gpuStreamCaptureStatus = QD_GPU(StreamCaptureStatus);
using gpuGraph_t = QD_GPU(Graph_t);
using gpuGraphExec_t = QD_GPU(GraphExec_t);
using gpuGraphNode_t = QD_GPU(GraphNode_t);
using gpuKernelNodeParams = QD_GPU(KernelNodeParams);

inline constexpr auto gpuSuccess = QD_GPU(Success);
inline constexpr auto gpuErrorNotReady = QD_GPU(ErrorNotReady);
inline constexpr auto gpuErrorInvalidValue = QD_GPU(ErrorInvalidValue);
inline constexpr auto gpuStreamNonBlocking = QD_GPU(StreamNonBlocking);
inline constexpr auto gpuEventDefault = QD_GPU(EventDefault);
inline constexpr auto gpuEventDisableTiming = QD_GPU(EventDisableTiming);
inline constexpr auto gpuMemcpyHostToDevice = QD_GPU(MemcpyHostToDevice);
inline constexpr auto gpuMemcpyDeviceToHost = QD_GPU(MemcpyDeviceToHost);
inline constexpr auto gpuMemAllocationTypePinned =
    QD_GPU(MemAllocationTypePinned);
inline constexpr auto gpuMemHandleTypeNone = QD_GPU(MemHandleTypeNone);
inline constexpr auto gpuMemLocationTypeDevice = QD_GPU(MemLocationTypeDevice);
inline constexpr auto gpuMemPoolAttrReleaseThreshold =
    QD_GPU(MemPoolAttrReleaseThreshold);
inline constexpr auto gpuStreamCaptureModeRelaxed =
    QD_GPU(StreamCaptureModeRelaxed);
inline constexpr auto gpuStreamCaptureModeThreadLocal =
    QD_GPU(StreamCaptureModeThreadLocal);
inline constexpr auto gpuStreamCaptureStatusNone =
    QD_GPU(StreamCaptureStatusNone);

inline constexpr bool kHasMultiprocessors = true;

// Runtime API calls that fail with a non-sticky error also leave it as the
// thread's "last error"; consume it so that the next launch check (which
// reads cudaGetLastError or hipGetLastError) does not blame an innocent
// kernel for it.
inline void check(gpuError_t e, const char* call) {
  if (e == gpuSuccess)
    return;
  if (QD_GPU(PeekAtLastError)() == e)
    (void)QD_GPU(GetLastError)();
  api_failure(call, QD_GPU(GetErrorString)(e));
}

inline void ignore(gpuError_t e) noexcept {
  if (e != gpuSuccess && QD_GPU(PeekAtLastError)() == e)
    (void)QD_GPU(GetLastError)();
}

inline gpuStream_t stream(StreamHandle s) {
  return static_cast<gpuStream_t>(s);
}
inline gpuEvent_t event(EventHandle e) { return static_cast<gpuEvent_t>(e); }

inline int device_count() {
  int n = 0;
  check(QD_GPU(GetDeviceCount)(&n), QD_GPU_NAME(GetDeviceCount));
  return n;
}

inline int current_device() {
  int d = 0;
  check(QD_GPU(GetDevice)(&d), QD_GPU_NAME(GetDevice));
  return d;
}

inline void set_device(int device) {
  check(QD_GPU(SetDevice)(device), QD_GPU_NAME(SetDevice));
}

inline int multiprocessor_count(int device) {
  int n = 0;
  check(QD_GPU(DeviceGetAttribute)(&n, gpuDevAttrMultiProcessorCount, device),
        kMultiprocessorCountCall);
  return n;
}

inline void device_synchronize() {
  check(QD_GPU(DeviceSynchronize)(), QD_GPU_NAME(DeviceSynchronize));
}

inline StreamHandle stream_create_non_blocking() {
  gpuStream_t s = nullptr;
  check(QD_GPU(StreamCreateWithFlags)(&s, gpuStreamNonBlocking),
        QD_GPU_NAME(StreamCreateWithFlags));
  return s;
}

inline StreamHandle stream_create_with_priority(int priority) {
  gpuStream_t s = nullptr;
  check(QD_GPU(StreamCreateWithPriority)(&s, gpuStreamNonBlocking, priority),
        QD_GPU_NAME(StreamCreateWithPriority));
  return s;
}

inline void stream_priority_range(int& least, int& greatest) {
  check(QD_GPU(DeviceGetStreamPriorityRange)(&least, &greatest),
        QD_GPU_NAME(DeviceGetStreamPriorityRange));
}

inline int stream_priority(StreamHandle s) {
  int priority = 0;
  check(QD_GPU(StreamGetPriority)(stream(s), &priority),
        QD_GPU_NAME(StreamGetPriority));
  return priority;
}

inline void stream_synchronize(StreamHandle s) {
  check(QD_GPU(StreamSynchronize)(stream(s)), QD_GPU_NAME(StreamSynchronize));
}

inline void stream_destroy(StreamHandle s) noexcept {
  ignore(QD_GPU(StreamDestroy)(stream(s)));
}

inline EventHandle event_create(bool timing) {
  gpuEvent_t e = nullptr;
  check(QD_GPU(EventCreateWithFlags)(&e, timing ? gpuEventDefault
                                                : gpuEventDisableTiming),
        QD_GPU_NAME(EventCreateWithFlags));
  return e;
}

inline void event_destroy(EventHandle e) noexcept {
  ignore(QD_GPU(EventDestroy)(event(e)));
}

inline void event_record(EventHandle e, StreamHandle s) {
  check(QD_GPU(EventRecord)(event(e), stream(s)), QD_GPU_NAME(EventRecord));
}

inline void stream_wait_event(StreamHandle s, EventHandle e) {
  check(QD_GPU(StreamWaitEvent)(stream(s), event(e), 0),
        QD_GPU_NAME(StreamWaitEvent));
}

inline void event_synchronize(EventHandle e) {
  check(QD_GPU(EventSynchronize)(event(e)), QD_GPU_NAME(EventSynchronize));
}

inline bool event_query(EventHandle e) {
  const gpuError_t status = QD_GPU(EventQuery)(event(e));
  if (status == gpuErrorNotReady) {
    // "Not ready" is an answer, not a failure; keep it out of the last-error
    // slot that launch checks read.
    if (QD_GPU(PeekAtLastError)() == gpuErrorNotReady)
      (void)QD_GPU(GetLastError)();
    return false;
  }
  check(status, QD_GPU_NAME(EventQuery));
  return true;
}

inline float event_elapsed_ms(EventHandle start, EventHandle end) {
  float ms = 0.f;
  check(QD_GPU(EventElapsedTime)(&ms, event(start), event(end)),
        QD_GPU_NAME(EventElapsedTime));
  return ms;
}

inline void* device_malloc(std::size_t bytes) {
  void* p = nullptr;
  check(QD_GPU(Malloc)(&p, bytes), QD_GPU_NAME(Malloc));
  return p;
}

inline void device_free(void* p) noexcept { ignore(QD_GPU(Free)(p)); }

inline void memcpy_host_to_device_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(QD_GPU(MemcpyAsync)(dst, src, bytes, gpuMemcpyHostToDevice, stream(s)),
        QD_GPU_NAME(MemcpyAsync) "(HostToDevice)");
}

inline void memcpy_device_to_host_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(QD_GPU(MemcpyAsync)(dst, src, bytes, gpuMemcpyDeviceToHost, stream(s)),
        QD_GPU_NAME(MemcpyAsync) "(DeviceToHost)");
}

// This library's stream-ordered pool of `device`. Not the device's default
// pool: that one belongs to the program (PyTorch's async allocator sets its
// attributes and trims it), and our attributes would change its behaviour.
// Reduction scratch is taken and given back on every kernel call that
// reduces, so the release threshold is unlimited: freed memory stays in the
// pool across synchronizations instead of going back to the driver, and the
// next call reuses it without a driver allocation.
inline gpuMemPool_t create_scratch_pool(int device) {
  gpuMemPoolProps props = {};
  props.allocType = gpuMemAllocationTypePinned;
  props.handleTypes = gpuMemHandleTypeNone;
  props.location.type = gpuMemLocationTypeDevice;
  props.location.id = device;
  gpuMemPool_t pool = nullptr;
  check(QD_GPU(MemPoolCreate)(&pool, &props), QD_GPU_NAME(MemPoolCreate));
  std::uint64_t threshold = UINT64_MAX;
  const gpuError_t e = QD_GPU(MemPoolSetAttribute)(
      pool, gpuMemPoolAttrReleaseThreshold, &threshold);
  if (e != gpuSuccess) {
    ignore(QD_GPU(MemPoolDestroy)(pool));
    check(e, QD_GPU_NAME(MemPoolSetAttribute) "(" QD_GPU_NAME(
                 MemPoolAttrReleaseThreshold) ")");
  }
  return pool;
}

// A kernel's first call may come inside the caller's stream capture
// (torch.cuda.graph captures the first call of a model). Creating the pool
// is an operation capture forbids in the global and thread-local modes, so
// this thread's capture mode is relaxed while it is made, as PyTorch's
// caching allocator does for its own allocations; the pool itself is not
// part of any graph.
inline gpuMemPool_t create_scratch_pool_during_capture(int device) {
  gpuStreamCaptureMode mode = gpuStreamCaptureModeRelaxed;
  check(QD_GPU(ThreadExchangeStreamCaptureMode)(&mode),
        QD_GPU_NAME(ThreadExchangeStreamCaptureMode));
  struct Restore {
    gpuStreamCaptureMode mode;
    ~Restore() { ignore(QD_GPU(ThreadExchangeStreamCaptureMode)(&mode)); }
  } restore{mode};
  return create_scratch_pool(device);
}

inline gpuMemPool_t scratch_pool(int device) {
  // Never destroyed, like the stream pools (device_pools.cpp): memory may be
  // given back to it by a thread that outlives static destruction, and the
  // driver reclaims it at exit anyway.
  static LazyDeviceHandles<gpuMemPool_t>* const pools =
      new LazyDeviceHandles<gpuMemPool_t>(device_count());
  if (!pools->contains(device))
    api_failure(QD_GPU_NAME(MallocFromPoolAsync), "invalid device ordinal");
  return pools->get(device, &create_scratch_pool_during_capture);
}

inline void* pool_malloc_async(int device, std::size_t bytes, StreamHandle s) {
  void* p = nullptr;
  check(QD_GPU(MallocFromPoolAsync)(&p, bytes, scratch_pool(device), stream(s)),
        QD_GPU_NAME(MallocFromPoolAsync));
  return p;
}

inline void pool_free_async(void* p, StreamHandle s) noexcept {
  ignore(QD_GPU(FreeAsync)(p, stream(s)));
}

inline void memset_async(void* p, int value, std::size_t bytes,
                         StreamHandle s) {
  check(QD_GPU(MemsetAsync)(p, value, bytes, stream(s)),
        QD_GPU_NAME(MemsetAsync));
}

inline bool device_accessible(const void* p) {
  gpuPointerAttributes a = {};
  const gpuError_t e = QD_GPU(PointerGetAttributes)(&a, p);
  // Drivers before CUDA 11 and ROCm before 6.0 call plain host memory an
  // invalid value.
  if (e == gpuErrorInvalidValue) {
    ignore(e);
    return false;
  }
  check(e, QD_GPU_NAME(PointerGetAttributes));
#if defined(QD_BACKEND_CUDA)
  return a.type != cudaMemoryTypeUnregistered;
#else
  // ROCm 6.0 and later answer for plain host memory with no device pointer.
  // (The memory type field changed its name between ROCm 5 and 6, so it is
  // not read.)
  return a.devicePointer != nullptr || a.isManaged != 0;
#endif
}

// --- graph mode ---------------------------------------------------------------

inline gpuGraph_t graph(GraphHandle g) { return static_cast<gpuGraph_t>(g); }
inline gpuGraphExec_t exec(ExecHandle x) {
  return static_cast<gpuGraphExec_t>(x);
}
inline gpuGraphNode_t node(NodeHandle n) {
  return static_cast<gpuGraphNode_t>(n);
}

inline gpuKernelNodeParams kernel_params(const KernelNode& k) {
  gpuKernelNodeParams p = {};
  p.func = const_cast<void*>(k.function);
  p.gridDim = dim3(k.grid);
  p.blockDim = dim3(k.block);
  p.sharedMemBytes = 0;
  p.kernelParams = const_cast<void**>(k.args);
  p.extra = nullptr;
  return p;
}

inline bool stream_is_capturing(StreamHandle s) {
  gpuStreamCaptureStatus status = gpuStreamCaptureStatusNone;
  check(QD_GPU(StreamIsCapturing)(stream(s), &status),
        QD_GPU_NAME(StreamIsCapturing));
  return status != gpuStreamCaptureStatusNone;
}

inline void launch_kernel(const KernelNode& k, StreamHandle s) {
  check(QD_GPU(LaunchKernel)(k.function, dim3(k.grid), dim3(k.block),
                             const_cast<void**>(k.args), 0, stream(s)),
        QD_GPU_NAME(LaunchKernel));
}

inline GraphHandle graph_create() {
  gpuGraph_t g = nullptr;
  check(QD_GPU(GraphCreate)(&g, 0), QD_GPU_NAME(GraphCreate));
  return g;
}

// HIP 5.2's graphs have no node priorities (no priority kernel-node
// attribute, no hipGraphInstantiateFlagUseNodePriority): there a node's
// priority is ignored, and the graph runs at its launch stream's priority.
inline NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
                                        std::size_t n, const KernelNode& k) {
  const gpuKernelNodeParams p = kernel_params(k);
  gpuGraphNode_t added = nullptr;
  check(QD_GPU(GraphAddKernelNode)(
            &added, graph(g), reinterpret_cast<const gpuGraphNode_t*>(deps), n,
            &p),
        QD_GPU_NAME(GraphAddKernelNode));
#if defined(QD_BACKEND_CUDA)
  if (k.prioritized) {
    // A priority is a scheduling hint: a driver that refuses it on a node
    // (CUDA does not document it for nodes of conditional bodies) leaves the
    // node at the default priority, which runs the graph correctly.
    cudaKernelNodeAttrValue value = {};
    value.priority = k.priority;
    ignore(cudaGraphKernelNodeSetAttribute(
        added, cudaKernelNodeAttributePriority, &value));
  }
#endif
  return added;
}

#if defined(QD_BACKEND_CUDA) && CUDART_VERSION >= 12040
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
#if defined(QD_BACKEND_CUDA)
  api_failure("cudaGraphConditionalHandleCreate",
              "conditional WHILE nodes need CUDA 12.4 or later; this runtime "
              "was built with an older toolkit");
#else
  // The translator never describes a device-condition loop for HIP, whose
  // graphs have no conditional WHILE nodes in the versions we support.
  api_failure("hipGraphAddNode", "HIP graphs have no conditional WHILE nodes");
#endif
}
inline std::uint64_t graph_conditional_handle(GraphHandle /*g*/) {
  no_conditional_nodes();
}
inline NodeHandle graph_add_while_node(GraphHandle /*g*/,
                                       const NodeHandle* /*deps*/,
                                       std::size_t /*n*/,
                                       std::uint64_t /*handle*/,
                                       GraphHandle& /*body*/) {
  no_conditional_nodes();
}
inline NodeHandle graph_add_if_node(GraphHandle /*g*/,
                                    const NodeHandle* /*deps*/,
                                    std::size_t /*n*/, std::uint64_t /*handle*/,
                                    GraphHandle& /*body*/) {
  no_conditional_nodes();
}
#endif

inline void stream_begin_capture(StreamHandle s) {
  // Thread-local: a synchronizing call made by this thread invalidates the
  // capture (and is reported), one made by other threads is not affected.
  check(QD_GPU(StreamBeginCapture)(stream(s), gpuStreamCaptureModeThreadLocal),
        QD_GPU_NAME(StreamBeginCapture));
}

inline GraphHandle stream_end_capture(StreamHandle s) {
  gpuGraph_t g = nullptr;
  check(QD_GPU(StreamEndCapture)(stream(s), &g), QD_GPU_NAME(StreamEndCapture));
  return g;
}

inline std::size_t graph_node_count(GraphHandle g) {
  std::size_t n = 0;
  check(QD_GPU(GraphGetNodes)(graph(g), nullptr, &n),
        QD_GPU_NAME(GraphGetNodes));
  return n;
}

inline NodeHandle graph_add_child_graph_node(GraphHandle g,
                                             const NodeHandle* deps,
                                             std::size_t n, GraphHandle child) {
  gpuGraphNode_t added = nullptr;
  check(QD_GPU(GraphAddChildGraphNode)(
            &added, graph(g), reinterpret_cast<const gpuGraphNode_t*>(deps), n,
            graph(child)),
        QD_GPU_NAME(GraphAddChildGraphNode));
  return added;
}

inline void graph_exec_set_child_graph(ExecHandle x, NodeHandle n,
                                       GraphHandle child) {
  check(
      QD_GPU(GraphExecChildGraphNodeSetParams)(exec(x), node(n), graph(child)),
      QD_GPU_NAME(GraphExecChildGraphNodeSetParams));
}

// Without cudaGraphInstantiateFlagUseNodePriority the driver ignores the
// nodes' priorities and runs them all at the launch stream's. HIP 5.2 has no
// such flag (see graph_add_kernel_node).
inline ExecHandle graph_instantiate(GraphHandle g, bool node_priorities) {
#if defined(QD_BACKEND_CUDA)
  const unsigned long long flags =
      node_priorities ? cudaGraphInstantiateFlagUseNodePriority : 0;
#else
  (void)node_priorities;
  const unsigned long long flags = 0;
#endif
  gpuGraphExec_t x = nullptr;
  check(QD_GPU(GraphInstantiateWithFlags)(&x, graph(g), flags),
        QD_GPU_NAME(GraphInstantiateWithFlags));
  return x;
}

inline void graph_exec_set_kernel_params(ExecHandle x, NodeHandle n,
                                         const KernelNode& k) {
  const gpuKernelNodeParams p = kernel_params(k);
  check(QD_GPU(GraphExecKernelNodeSetParams)(exec(x), node(n), &p),
        QD_GPU_NAME(GraphExecKernelNodeSetParams));
}

inline void graph_launch(ExecHandle x, StreamHandle s) {
  check(QD_GPU(GraphLaunch)(exec(x), stream(s)), QD_GPU_NAME(GraphLaunch));
}

inline void graph_exec_destroy(ExecHandle x) noexcept {
  ignore(QD_GPU(GraphExecDestroy)(exec(x)));
}

inline void graph_destroy(GraphHandle g) noexcept {
  ignore(QD_GPU(GraphDestroy)(graph(g)));
}

#if defined(QD_BACKEND_CUDA)
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
#else
// HIP has no context identity: 1 while the device's primary context is
// active, 0 once it was destroyed (hipDeviceReset, or teardown). A context
// destroyed and made again in between is not told apart.
inline std::uint64_t context_id(int device) noexcept {
  unsigned flags = 0;
  int active = 0;
  const hipError_t e = hipDevicePrimaryCtxGetState(device, &flags, &active);
  if (e != hipSuccess) {
    ignore(e);
    return 0;
  }
  return active ? 1 : 0;
}
#endif

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_GPU_H
