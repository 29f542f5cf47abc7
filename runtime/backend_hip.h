// HIP runtime API spelling of the primitives listed in backend.h.
#ifndef QD_RUNTIME_BACKEND_HIP_H
#define QD_RUNTIME_BACKEND_HIP_H

#include <hip/hip_runtime.h>

#include <cstddef>

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

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_HIP_H
