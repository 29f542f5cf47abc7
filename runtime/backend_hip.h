// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// HIP runtime API spelling of the primitives listed in backend.h.
#ifndef QD_RUNTIME_BACKEND_HIP_H
#define QD_RUNTIME_BACKEND_HIP_H

#include <hip/hip_runtime.h>

#include "lazy_device_handles.h"

#include <cstddef>
#include <cstdint>

namespace qd {
namespace backend {

inline constexpr const char* kName = "hip";
inline constexpr bool kHasMultiprocessors = true;

// Runtime API calls that fail with a non-sticky error also leave it as the
// thread's "last error"; consume it so that the next launch check (which
// reads hipGetLastError) does not blame an innocent kernel for it.
inline void check(hipError_t e, const char* call) {
  if (e == hipSuccess)
    return;
  if (hipPeekAtLastError() == e)
    (void)hipGetLastError();
  api_failure(call, hipGetErrorString(e));
}

inline void ignore(hipError_t e) noexcept {
  if (e != hipSuccess && hipPeekAtLastError() == e)
    (void)hipGetLastError();
}

inline hipStream_t stream(StreamHandle s) {
  return static_cast<hipStream_t>(s);
}
inline hipEvent_t event(EventHandle e) { return static_cast<hipEvent_t>(e); }

inline int device_count() {
  int n = 0;
  check(hipGetDeviceCount(&n), "hipGetDeviceCount");
  return n;
}

inline int current_device() {
  int d = 0;
  check(hipGetDevice(&d), "hipGetDevice");
  return d;
}

inline void set_device(int device) {
  check(hipSetDevice(device), "hipSetDevice");
}

inline int multiprocessor_count(int device) {
  int n = 0;
  check(hipDeviceGetAttribute(&n, hipDeviceAttributeMultiprocessorCount, device),
        "hipDeviceGetAttribute(hipDeviceAttributeMultiprocessorCount)");
  return n;
}

inline void device_synchronize() {
  check(hipDeviceSynchronize(), "hipDeviceSynchronize");
}

inline StreamHandle stream_create_non_blocking() {
  hipStream_t s = nullptr;
  check(hipStreamCreateWithFlags(&s, hipStreamNonBlocking),
        "hipStreamCreateWithFlags");
  return s;
}

inline StreamHandle stream_create_with_priority(int priority) {
  hipStream_t s = nullptr;
  check(hipStreamCreateWithPriority(&s, hipStreamNonBlocking, priority),
        "hipStreamCreateWithPriority");
  return s;
}

inline void stream_priority_range(int& least, int& greatest) {
  check(hipDeviceGetStreamPriorityRange(&least, &greatest),
        "hipDeviceGetStreamPriorityRange");
}

inline int stream_priority(StreamHandle s) {
  int priority = 0;
  check(hipStreamGetPriority(stream(s), &priority), "hipStreamGetPriority");
  return priority;
}

inline void stream_synchronize(StreamHandle s) {
  check(hipStreamSynchronize(stream(s)), "hipStreamSynchronize");
}

inline void stream_destroy(StreamHandle s) noexcept {
  ignore(hipStreamDestroy(stream(s)));
}

inline EventHandle event_create(bool timing) {
  hipEvent_t e = nullptr;
  check(hipEventCreateWithFlags(&e, timing ? hipEventDefault
                                            : hipEventDisableTiming),
        "hipEventCreateWithFlags");
  return e;
}

inline void event_destroy(EventHandle e) noexcept {
  ignore(hipEventDestroy(event(e)));
}

inline void event_record(EventHandle e, StreamHandle s) {
  check(hipEventRecord(event(e), stream(s)), "hipEventRecord");
}

inline void stream_wait_event(StreamHandle s, EventHandle e) {
  check(hipStreamWaitEvent(stream(s), event(e), 0), "hipStreamWaitEvent");
}

inline void event_synchronize(EventHandle e) {
  check(hipEventSynchronize(event(e)), "hipEventSynchronize");
}

inline bool event_query(EventHandle e) {
  const hipError_t status = hipEventQuery(event(e));
  if (status == hipErrorNotReady) {
    // "Not ready" is an answer, not a failure; keep it out of the last-error
    // slot that launch checks read.
    if (hipPeekAtLastError() == hipErrorNotReady)
      (void)hipGetLastError();
    return false;
  }
  check(status, "hipEventQuery");
  return true;
}

inline float event_elapsed_ms(EventHandle start, EventHandle end) {
  float ms = 0.f;
  check(hipEventElapsedTime(&ms, event(start), event(end)),
        "hipEventElapsedTime");
  return ms;
}

inline void* device_malloc(std::size_t bytes) {
  void* p = nullptr;
  check(hipMalloc(&p, bytes), "hipMalloc");
  return p;
}

inline void device_free(void* p) noexcept { ignore(hipFree(p)); }

inline void memcpy_host_to_device_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(hipMemcpyAsync(dst, src, bytes, hipMemcpyHostToDevice, stream(s)),
        "hipMemcpyAsync(HostToDevice)");
}

inline void memcpy_device_to_host_async(void* dst, const void* src,
                                        std::size_t bytes, StreamHandle s) {
  check(hipMemcpyAsync(dst, src, bytes, hipMemcpyDeviceToHost, stream(s)),
        "hipMemcpyAsync(DeviceToHost)");
}

// This library's stream-ordered pool of `device`. Not the device's default
// pool: that one belongs to the program (PyTorch's async allocator sets its
// attributes and trims it), and our attributes would change its behaviour.
// Reduction scratch is taken and given back on every kernel call that
// reduces, so the release threshold is unlimited: freed memory stays in the
// pool across synchronizations instead of going back to the driver, and the
// next call reuses it without a driver allocation.
inline hipMemPool_t create_scratch_pool(int device) {
  hipMemPoolProps props = {};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  hipMemPool_t pool = nullptr;
  check(hipMemPoolCreate(&pool, &props), "hipMemPoolCreate");
  std::uint64_t threshold = UINT64_MAX;
  const hipError_t e =
      hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold);
  if (e != hipSuccess) {
    ignore(hipMemPoolDestroy(pool));
    check(e, "hipMemPoolSetAttribute(hipMemPoolAttrReleaseThreshold)");
  }
  return pool;
}

// A kernel's first call may come inside the caller's stream capture
// (torch.cuda.graph captures the first call of a model). Creating the pool
// is an operation capture forbids in the global and thread-local modes, so
// this thread's capture mode is relaxed while it is made, as PyTorch's
// caching allocator does for its own allocations; the pool itself is not
// part of any graph.
inline hipMemPool_t create_scratch_pool_during_capture(int device) {
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  check(hipThreadExchangeStreamCaptureMode(&mode),
        "hipThreadExchangeStreamCaptureMode");
  struct Restore {
    hipStreamCaptureMode mode;
    ~Restore() { ignore(hipThreadExchangeStreamCaptureMode(&mode)); }
  } restore{mode};
  return create_scratch_pool(device);
}

inline hipMemPool_t scratch_pool(int device) {
  // Never destroyed, like the stream pools (device_pools.cpp): memory may be
  // given back to it by a thread that outlives static destruction, and the
  // driver reclaims it at exit anyway.
  static LazyDeviceHandles<hipMemPool_t>* const pools =
      new LazyDeviceHandles<hipMemPool_t>(device_count());
  if (!pools->contains(device))
    api_failure("hipMallocFromPoolAsync", "invalid device ordinal");
  return pools->get(device, &create_scratch_pool_during_capture);
}

inline void* pool_malloc_async(int device, std::size_t bytes, StreamHandle s) {
  void* p = nullptr;
  check(hipMallocFromPoolAsync(&p, bytes, scratch_pool(device), stream(s)),
        "hipMallocFromPoolAsync");
  return p;
}

inline void pool_free_async(void* p, StreamHandle s) noexcept {
  ignore(hipFreeAsync(p, stream(s)));
}

inline void memset_async(void* p, int value, std::size_t bytes,
                         StreamHandle s) {
  check(hipMemsetAsync(p, value, bytes, stream(s)), "hipMemsetAsync");
}

inline bool device_accessible(const void* p) {
  hipPointerAttribute_t a = {};
  const hipError_t e = hipPointerGetAttributes(&a, p);
  // ROCm before 6.0 calls plain host memory an invalid value; later ones
  // answer with no device pointer. (The memory type field changed its name
  // between the two, so it is not read.)
  if (e == hipErrorInvalidValue) {
    ignore(e);
    return false;
  }
  check(e, "hipPointerGetAttributes");
  return a.devicePointer != nullptr || a.isManaged != 0;
}

// --- graph mode ---------------------------------------------------------------

inline hipGraph_t graph(GraphHandle g) { return static_cast<hipGraph_t>(g); }
inline hipGraphExec_t exec(ExecHandle x) {
  return static_cast<hipGraphExec_t>(x);
}
inline hipGraphNode_t node(NodeHandle n) {
  return static_cast<hipGraphNode_t>(n);
}

inline hipKernelNodeParams kernel_params(const KernelNode& k) {
  hipKernelNodeParams p = {};
  p.func = const_cast<void*>(k.function);
  p.gridDim = dim3(k.grid);
  p.blockDim = dim3(k.block);
  p.sharedMemBytes = 0;
  p.kernelParams = const_cast<void**>(k.args);
  p.extra = nullptr;
  return p;
}

inline bool stream_is_capturing(StreamHandle s) {
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  check(hipStreamIsCapturing(stream(s), &status), "hipStreamIsCapturing");
  return status != hipStreamCaptureStatusNone;
}

inline void launch_kernel(const KernelNode& k, StreamHandle s) {
  check(hipLaunchKernel(k.function, dim3(k.grid), dim3(k.block),
                         const_cast<void**>(k.args), 0, stream(s)),
        "hipLaunchKernel");
}

inline GraphHandle graph_create() {
  hipGraph_t g = nullptr;
  check(hipGraphCreate(&g, 0), "hipGraphCreate");
  return g;
}

// HIP 5.2's graphs have no node priorities (no priority kernel-node
// attribute, no hipGraphInstantiateFlagUseNodePriority): a node's priority
// is ignored, and the graph runs at its launch stream's priority.
inline NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
                                        std::size_t n, const KernelNode& k) {
  const hipKernelNodeParams p = kernel_params(k);
  hipGraphNode_t added = nullptr;
  check(hipGraphAddKernelNode(&added, graph(g),
                               reinterpret_cast<const hipGraphNode_t*>(deps), n,
                               &p),
        "hipGraphAddKernelNode");
  return added;
}

// The translator never describes a device-condition loop for HIP, whose
// graphs have no conditional WHILE nodes in the versions we support.
[[noreturn]] inline void no_conditional_nodes() {
  api_failure("hipGraphAddNode", "HIP graphs have no conditional WHILE nodes");
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
                                    std::size_t /*n*/,
                                    std::uint64_t /*handle*/,
                                    GraphHandle& /*body*/) {
  no_conditional_nodes();
}

inline void stream_begin_capture(StreamHandle s) {
  check(hipStreamBeginCapture(stream(s), hipStreamCaptureModeThreadLocal),
        "hipStreamBeginCapture");
}

inline GraphHandle stream_end_capture(StreamHandle s) {
  hipGraph_t g = nullptr;
  check(hipStreamEndCapture(stream(s), &g), "hipStreamEndCapture");
  return g;
}

inline std::size_t graph_node_count(GraphHandle g) {
  std::size_t n = 0;
  check(hipGraphGetNodes(graph(g), nullptr, &n), "hipGraphGetNodes");
  return n;
}

inline NodeHandle graph_add_child_graph_node(GraphHandle g, const NodeHandle* deps,
                                             std::size_t n, GraphHandle child) {
  hipGraphNode_t added = nullptr;
  check(hipGraphAddChildGraphNode(&added, graph(g),
                                  reinterpret_cast<const hipGraphNode_t*>(deps),
                                  n, graph(child)),
        "hipGraphAddChildGraphNode");
  return added;
}

inline void graph_exec_set_child_graph(ExecHandle x, NodeHandle n,
                                       GraphHandle child) {
  check(hipGraphExecChildGraphNodeSetParams(exec(x), node(n), graph(child)),
        "hipGraphExecChildGraphNodeSetParams");
}

inline ExecHandle graph_instantiate(GraphHandle g, bool /*node_priorities*/) {
  hipGraphExec_t x = nullptr;
  check(hipGraphInstantiateWithFlags(&x, graph(g), 0),
        "hipGraphInstantiateWithFlags");
  return x;
}

inline void graph_exec_set_kernel_params(ExecHandle x, NodeHandle n,
                                         const KernelNode& k) {
  const hipKernelNodeParams p = kernel_params(k);
  check(hipGraphExecKernelNodeSetParams(exec(x), node(n), &p),
        "hipGraphExecKernelNodeSetParams");
}

inline void graph_launch(ExecHandle x, StreamHandle s) {
  check(hipGraphLaunch(exec(x), stream(s)), "hipGraphLaunch");
}

inline void graph_exec_destroy(ExecHandle x) noexcept {
  ignore(hipGraphExecDestroy(exec(x)));
}

inline void graph_destroy(GraphHandle g) noexcept {
  ignore(hipGraphDestroy(graph(g)));
}

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

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_HIP_H
