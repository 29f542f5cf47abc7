// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// TEST-ONLY. Not installed, not shipped, not a general HIP-on-NVIDIA layer.
//
// Maps the part of the HIP runtime API that qd uses (the runtime's
// backend_gpu.h through backend_hip.h, qd/detail/hip.h, qd/atomic.h and the
// .hip files qd-translate generates) onto CUDA, so that the HIP build of the
// runtime and translated .hip sources compile with nvcc and run on NVIDIA
// GPUs. That is
// how the HIP code path is exercised on our NVIDIA test machines. HIP's own
// NVIDIA headers would do this, but Debian's HIP 5.2 ones do not compile with
// CUDA 13. Put this directory first on the include path (the
// QD_HIP_ON_CUDA build does) and compile .hip files with nvcc -x cu.
//
// Handle types are CUDA's own (hipStream_t is cudaStream_t, as in HIP's
// NVIDIA headers). So qd::StreamRef's two implicit constructors do not
// collide: a hipStream_t here is a `CUstream_st*` and picks the CUDA one,
// and qd.h's `ihipStream_t` stays a distinct, never-defined struct. Nothing
// here may define ihipStream_t.
//
// Values and functions rather than macros, so a misspelt or missing name is a
// compile error at its use instead of a silent CUDA leak into the HIP path.
#ifndef QD_TESTS_HIP_ON_CUDA_HIP_RUNTIME_H
#define QD_TESTS_HIP_ON_CUDA_HIP_RUNTIME_H

#if !defined(__CUDACC__)
#error "tests/hip_on_cuda/hip/hip_runtime.h is for nvcc (-x cu) only"
#endif

#include <cuda_runtime.h>

#include <cstddef>

// The macros hipcc defines on NVIDIA platforms, for code that tests them.
// Not __HIP__ (clang's HIP mode) and not __HIP_PLATFORM_AMD__: neither is
// true here.
#ifndef __HIP_PLATFORM_NVIDIA__
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

using hipError_t = cudaError_t;
using hipStream_t = cudaStream_t;
using hipEvent_t = cudaEvent_t;
using hipMemcpyKind = cudaMemcpyKind;
using hipDeviceAttribute_t = cudaDeviceAttr;
using hipMemPool_t = cudaMemPool_t;
using hipMemPoolProps = cudaMemPoolProps;
using hipMemPoolAttr = cudaMemPoolAttr;
using hipMemAllocationType = cudaMemAllocationType;
using hipMemAllocationHandleType = cudaMemAllocationHandleType;
using hipMemLocationType = cudaMemLocationType;
using hipGraph_t = cudaGraph_t;
using hipGraphExec_t = cudaGraphExec_t;
using hipGraphNode_t = cudaGraphNode_t;
// Same fields and names as HIP's struct (func, gridDim, blockDim,
// kernelParams, extra, sharedMemBytes).
using hipKernelNodeParams = cudaKernelNodeParams;
using hipStreamCaptureStatus = cudaStreamCaptureStatus;
using hipStreamCaptureMode = cudaStreamCaptureMode;

inline constexpr hipError_t hipSuccess = cudaSuccess;
inline constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;
inline constexpr hipError_t hipErrorInvalidValue = cudaErrorInvalidValue;
inline constexpr unsigned hipStreamDefault = cudaStreamDefault;
inline constexpr unsigned hipStreamNonBlocking = cudaStreamNonBlocking;
inline constexpr unsigned hipEventDefault = cudaEventDefault;
inline constexpr unsigned hipEventDisableTiming = cudaEventDisableTiming;
inline constexpr hipMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
inline constexpr hipMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
inline constexpr hipMemcpyKind hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;
inline constexpr hipMemcpyKind hipMemcpyDefault = cudaMemcpyDefault;
inline constexpr hipDeviceAttribute_t hipDeviceAttributeMultiprocessorCount =
    cudaDevAttrMultiProcessorCount;
inline constexpr hipMemAllocationType hipMemAllocationTypePinned =
    cudaMemAllocationTypePinned;
inline constexpr hipMemAllocationHandleType hipMemHandleTypeNone =
    cudaMemHandleTypeNone;
inline constexpr hipMemLocationType hipMemLocationTypeDevice =
    cudaMemLocationTypeDevice;
inline constexpr hipMemPoolAttr hipMemPoolAttrReleaseThreshold =
    cudaMemPoolAttrReleaseThreshold;
inline constexpr hipStreamCaptureStatus hipStreamCaptureStatusNone =
    cudaStreamCaptureStatusNone;
inline constexpr hipStreamCaptureStatus hipStreamCaptureStatusActive =
    cudaStreamCaptureStatusActive;
inline constexpr hipStreamCaptureMode hipStreamCaptureModeGlobal =
    cudaStreamCaptureModeGlobal;
inline constexpr hipStreamCaptureMode hipStreamCaptureModeThreadLocal =
    cudaStreamCaptureModeThreadLocal;
inline constexpr hipStreamCaptureMode hipStreamCaptureModeRelaxed =
    cudaStreamCaptureModeRelaxed;

// Errors
inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline hipError_t hipPeekAtLastError() { return cudaPeekAtLastError(); }
inline const char* hipGetErrorString(hipError_t e) {
  return cudaGetErrorString(e);
}
inline const char* hipGetErrorName(hipError_t e) { return cudaGetErrorName(e); }

// Devices
inline hipError_t hipGetDeviceCount(int* n) { return cudaGetDeviceCount(n); }
inline hipError_t hipGetDevice(int* d) { return cudaGetDevice(d); }
inline hipError_t hipSetDevice(int d) { return cudaSetDevice(d); }
inline hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr,
                                        int device) {
  return cudaDeviceGetAttribute(value, attr, device);
}
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline hipError_t hipDeviceReset() { return cudaDeviceReset(); }

// Streams
inline hipError_t hipStreamCreate(hipStream_t* s) { return cudaStreamCreate(s); }
inline hipError_t hipStreamCreateWithFlags(hipStream_t* s, unsigned flags) {
  return cudaStreamCreateWithFlags(s, flags);
}
inline hipError_t hipStreamCreateWithPriority(hipStream_t* s, unsigned flags,
                                              int priority) {
  return cudaStreamCreateWithPriority(s, flags, priority);
}
inline hipError_t hipDeviceGetStreamPriorityRange(int* least, int* greatest) {
  return cudaDeviceGetStreamPriorityRange(least, greatest);
}
inline hipError_t hipStreamGetPriority(hipStream_t s, int* priority) {
  return cudaStreamGetPriority(s, priority);
}
inline hipError_t hipStreamGetFlags(hipStream_t s, unsigned* flags) {
  return cudaStreamGetFlags(s, flags);
}
inline hipError_t hipStreamSynchronize(hipStream_t s) {
  return cudaStreamSynchronize(s);
}
inline hipError_t hipStreamQuery(hipStream_t s) { return cudaStreamQuery(s); }
inline hipError_t hipStreamDestroy(hipStream_t s) { return cudaStreamDestroy(s); }
inline hipError_t hipStreamWaitEvent(hipStream_t s, hipEvent_t e,
                                     unsigned flags) {
  return cudaStreamWaitEvent(s, e, flags);
}

// Events
inline hipError_t hipEventCreate(hipEvent_t* e) { return cudaEventCreate(e); }
inline hipError_t hipEventCreateWithFlags(hipEvent_t* e, unsigned flags) {
  return cudaEventCreateWithFlags(e, flags);
}
inline hipError_t hipEventDestroy(hipEvent_t e) { return cudaEventDestroy(e); }
inline hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = nullptr) {
  return cudaEventRecord(e, s);
}
inline hipError_t hipEventSynchronize(hipEvent_t e) {
  return cudaEventSynchronize(e);
}
inline hipError_t hipEventQuery(hipEvent_t e) { return cudaEventQuery(e); }
inline hipError_t hipEventElapsedTime(float* ms, hipEvent_t start,
                                      hipEvent_t end) {
  return cudaEventElapsedTime(ms, start, end);
}

// Memory
inline hipError_t hipMalloc(void** p, std::size_t bytes) {
  return cudaMalloc(p, bytes);
}
template <class T> inline hipError_t hipMalloc(T** p, std::size_t bytes) {
  return cudaMalloc(reinterpret_cast<void**>(p), bytes);
}
inline hipError_t hipFree(void* p) { return cudaFree(p); }
inline hipError_t hipMemcpy(void* dst, const void* src, std::size_t bytes,
                            hipMemcpyKind kind) {
  return cudaMemcpy(dst, src, bytes, kind);
}
inline hipError_t hipMemcpyAsync(void* dst, const void* src, std::size_t bytes,
                                 hipMemcpyKind kind, hipStream_t s = nullptr) {
  return cudaMemcpyAsync(dst, src, bytes, kind, s);
}
inline hipError_t hipMemset(void* p, int value, std::size_t bytes) {
  return cudaMemset(p, value, bytes);
}
inline hipError_t hipMemsetAsync(void* p, int value, std::size_t bytes,
                                 hipStream_t s = nullptr) {
  return cudaMemsetAsync(p, value, bytes, s);
}

// Pointer attributes: the fields common to ROCm 5 and 6.
struct hipPointerAttribute_t {
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
};
inline hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                          const void* p) {
  cudaPointerAttributes a = {};
  const cudaError_t e = cudaPointerGetAttributes(&a, p);
  if (e != cudaSuccess)
    return e;
  const bool unregistered = a.type == cudaMemoryTypeUnregistered;
  attributes->device = a.device;
  attributes->devicePointer = unregistered ? nullptr : a.devicePointer;
  attributes->hostPointer = a.hostPointer;
  attributes->isManaged = a.type == cudaMemoryTypeManaged;
  attributes->allocationFlags = 0;
  return hipSuccess;
}

// Stream-ordered memory pools
inline hipError_t hipMemPoolCreate(hipMemPool_t* pool,
                                   const hipMemPoolProps* props) {
  return cudaMemPoolCreate(pool, props);
}
inline hipError_t hipMemPoolDestroy(hipMemPool_t pool) {
  return cudaMemPoolDestroy(pool);
}
inline hipError_t hipMemPoolSetAttribute(hipMemPool_t pool, hipMemPoolAttr attr,
                                         void* value) {
  return cudaMemPoolSetAttribute(pool, attr, value);
}
inline hipError_t hipMallocFromPoolAsync(void** p, std::size_t bytes,
                                         hipMemPool_t pool, hipStream_t s) {
  return cudaMallocFromPoolAsync(p, bytes, pool, s);
}
inline hipError_t hipFreeAsync(void* p, hipStream_t s) {
  return cudaFreeAsync(p, s);
}

// Graphs and stream capture
inline hipError_t hipStreamIsCapturing(hipStream_t s,
                                       hipStreamCaptureStatus* status) {
  return cudaStreamIsCapturing(s, status);
}
inline hipError_t hipStreamBeginCapture(hipStream_t s,
                                        hipStreamCaptureMode mode) {
  return cudaStreamBeginCapture(s, mode);
}
inline hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  return cudaThreadExchangeStreamCaptureMode(mode);
}
inline hipError_t hipStreamEndCapture(hipStream_t s, hipGraph_t* graph) {
  return cudaStreamEndCapture(s, graph);
}
inline hipError_t hipGraphCreate(hipGraph_t* graph, unsigned flags) {
  return cudaGraphCreate(graph, flags);
}
inline hipError_t hipGraphAddKernelNode(hipGraphNode_t* node, hipGraph_t graph,
                                        const hipGraphNode_t* deps,
                                        std::size_t n,
                                        const hipKernelNodeParams* params) {
  return cudaGraphAddKernelNode(node, graph, deps, n, params);
}
inline hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* exec,
                                               hipGraph_t graph,
                                               unsigned long long flags) {
  return cudaGraphInstantiateWithFlags(exec, graph, flags);
}
inline hipError_t
hipGraphExecKernelNodeSetParams(hipGraphExec_t exec, hipGraphNode_t node,
                                const hipKernelNodeParams* params) {
  return cudaGraphExecKernelNodeSetParams(exec, node, params);
}
inline hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                                   size_t* count) {
  return cudaGraphGetNodes(graph, nodes, count);
}
inline hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* node, hipGraph_t graph,
                                            const hipGraphNode_t* deps, size_t n,
                                            hipGraph_t child) {
  return cudaGraphAddChildGraphNode(node, graph, deps, n, child);
}
inline hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t exec,
                                                      hipGraphNode_t node,
                                                      hipGraph_t child) {
  return cudaGraphExecChildGraphNodeSetParams(exec, node, child);
}
inline hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t s) {
  return cudaGraphLaunch(exec, s);
}
inline hipError_t hipGraphExecDestroy(hipGraphExec_t exec) {
  return cudaGraphExecDestroy(exec);
}
inline hipError_t hipGraphDestroy(hipGraph_t graph) {
  return cudaGraphDestroy(graph);
}
// CUDA's runtime has no counterpart; the driver's function, through the
// runtime's driver entry points (no link to libcuda needed).
inline hipError_t hipDevicePrimaryCtxGetState(int device, unsigned* flags, int* active) {
  using GetState = int (*)(int, unsigned*, int*);
  static const GetState get_state = [] {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
    if (cudaGetDriverEntryPointByVersion("cuDevicePrimaryCtxGetState", &p, 12000,
                                         cudaEnableDefault, &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess)
      return GetState{nullptr};
    return reinterpret_cast<GetState>(p);
  }();
  if (!get_state)
    return cudaErrorNotSupported;
  return get_state(device, flags, active) == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
inline hipError_t hipLaunchKernel(const void* function, dim3 grid, dim3 block,
                                  void** args, std::size_t shared_bytes,
                                  hipStream_t s) {
  return cudaLaunchKernel(function, grid, block, args, shared_bytes, s);
}

// Launches: <<<>>>, __global__, __launch_bounds__, blockIdx/threadIdx/
// blockDim/gridDim and the atomics are spelled the same in HIP and CUDA, so
// nvcc takes them as they are. HIP's macro launch form, for completeness:
#define hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, ...)     \
  kernel<<<(grid), (block), (shared_bytes), (stream)>>>(__VA_ARGS__)

#endif // QD_TESTS_HIP_ON_CUDA_HIP_RUNTIME_H
