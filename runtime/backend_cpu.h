// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host-only implementation of the primitives listed in backend.h.
//
// Every call is valid and work runs synchronously on the calling thread, so a
// stream has nothing to wait for: stream handles are null, synchronization is
// a no-op and events are complete as soon as they are recorded. Events still
// carry a host timestamp so that Event::elapsed_ms measures real time.
#ifndef QD_RUNTIME_BACKEND_CPU_H
#define QD_RUNTIME_BACKEND_CPU_H

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <new>

namespace qd {
namespace backend {

inline constexpr const char* kName = "cpu";
inline constexpr bool kHasMultiprocessors = false;

// Matches cudaMalloc's alignment, so code tuned for the GPU (vector loads)
// sees the same guarantees here.
inline constexpr std::size_t kAllocationAlignment = 256;

struct CpuEvent {
  // steady_clock nanoseconds of the latest record; -1 = never recorded.
  // Atomic because recording from several threads is legal in CUDA too.
  std::atomic<std::int64_t> recorded_ns{-1};
};

inline int device_count() { return 1; }
inline int current_device() { return 0; }

inline void set_device(int device) {
  if (device != 0)
    api_failure("set_device", "invalid device ordinal (the cpu backend has "
                              "one device, 0)");
}

inline int multiprocessor_count(int /*device*/) { return 1; }
inline void device_synchronize() {}

inline StreamHandle stream_create_non_blocking() { return nullptr; }
// No streams, so no priorities: stream_parallel priority(...) is ignored.
inline StreamHandle stream_create_with_priority(int /*priority*/) {
  return nullptr;
}
inline void stream_priority_range(int& least, int& greatest) {
  least = 0;
  greatest = 0;
}
inline int stream_priority(StreamHandle /*s*/) { return 0; }
inline void stream_synchronize(StreamHandle /*s*/) {}
inline void stream_destroy(StreamHandle /*s*/) noexcept {}

inline EventHandle event_create(bool /*timing*/) {
  try {
    return new CpuEvent;
  } catch (const std::bad_alloc&) {
    api_failure("event_create", "out of memory");
  }
}

inline void event_destroy(EventHandle e) noexcept {
  delete static_cast<CpuEvent*>(e);
}

inline void event_record(EventHandle e, StreamHandle /*s*/) {
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  static_cast<CpuEvent*>(e)->recorded_ns.store(
      std::chrono::duration_cast<std::chrono::nanoseconds>(now).count(),
      std::memory_order_relaxed);
}

inline void stream_wait_event(StreamHandle /*s*/, EventHandle /*e*/) {}
inline void event_synchronize(EventHandle /*e*/) {}
inline bool event_query(EventHandle /*e*/) { return true; }

inline float event_elapsed_ms(EventHandle start, EventHandle end) {
  const std::int64_t t0 =
      static_cast<CpuEvent*>(start)->recorded_ns.load(std::memory_order_relaxed);
  const std::int64_t t1 =
      static_cast<CpuEvent*>(end)->recorded_ns.load(std::memory_order_relaxed);
  if (t0 < 0 || t1 < 0)
    api_failure("event_elapsed_ms", "an event has not been recorded");
  return static_cast<float>(static_cast<double>(t1 - t0) / 1e6);
}

inline void* device_malloc(std::size_t bytes) {
  if (bytes == 0)
    return nullptr; // like cudaMalloc(&p, 0)
  try {
    return ::operator new(bytes, std::align_val_t{kAllocationAlignment});
  } catch (const std::bad_alloc&) {
    api_failure("device_malloc", "out of memory");
  }
}

inline void device_free(void* p) noexcept {
  if (p)
    ::operator delete(p, std::align_val_t{kAllocationAlignment});
}

inline void memcpy_host_to_device_async(void* dst, const void* src,
                                        std::size_t bytes,
                                        StreamHandle /*s*/) {
  if (bytes)
    std::memcpy(dst, src, bytes);
}

inline void memcpy_device_to_host_async(void* dst, const void* src,
                                        std::size_t bytes,
                                        StreamHandle /*s*/) {
  if (bytes)
    std::memcpy(dst, src, bytes);
}

// The stream-ordered pool: work is synchronous, so "ordered on the stream"
// is simply now.
inline void* pool_malloc_async(int device, std::size_t bytes,
                               StreamHandle /*s*/) {
  if (device != 0)
    api_failure("pool_malloc_async", "invalid device ordinal (the cpu backend "
                                     "has one device, 0)");
  return device_malloc(bytes);
}

inline void pool_free_async(void* p, StreamHandle /*s*/) noexcept {
  device_free(p);
}

inline void memset_async(void* p, int value, std::size_t bytes,
                         StreamHandle /*s*/) {
  if (bytes)
    std::memset(p, value, bytes);
}

inline bool device_accessible(const void* /*p*/) { return true; }

// Graph mode: the translator never emits it for the cpu target, and there is
// no stream to capture. What a graph node would run has no host form here, so
// the graph primitives report that rather than pretend.
inline bool stream_is_capturing(StreamHandle /*s*/) { return false; }

[[noreturn]] inline void no_graphs(const char* call) {
  api_failure(call, "graph mode is not available on the cpu backend");
}
inline void launch_kernel(const KernelNode& /*k*/, StreamHandle /*s*/) {
  no_graphs("launch_kernel");
}
inline GraphHandle graph_create() { no_graphs("graph_create"); }
inline NodeHandle graph_add_kernel_node(GraphHandle /*g*/,
                                        const NodeHandle* /*deps*/,
                                        std::size_t /*n*/,
                                        const KernelNode& /*k*/) {
  no_graphs("graph_add_kernel_node");
}
inline std::uint64_t graph_conditional_handle(GraphHandle /*g*/) {
  no_graphs("graph_conditional_handle");
}
inline NodeHandle graph_add_while_node(GraphHandle /*g*/,
                                       const NodeHandle* /*deps*/,
                                       std::size_t /*n*/,
                                       std::uint64_t /*handle*/,
                                       GraphHandle& /*body*/) {
  no_graphs("graph_add_while_node");
}
inline NodeHandle graph_add_if_node(GraphHandle /*g*/,
                                    const NodeHandle* /*deps*/,
                                    std::size_t /*n*/,
                                    std::uint64_t /*handle*/,
                                    GraphHandle& /*body*/) {
  no_graphs("graph_add_if_node");
}
inline void stream_begin_capture(StreamHandle /*s*/) {
  no_graphs("stream_begin_capture");
}
inline GraphHandle stream_end_capture(StreamHandle /*s*/) {
  no_graphs("stream_end_capture");
}
inline std::size_t graph_node_count(GraphHandle /*g*/) {
  no_graphs("graph_node_count");
}
inline NodeHandle graph_add_child_graph_node(GraphHandle /*g*/,
                                             const NodeHandle* /*deps*/,
                                             std::size_t /*n*/,
                                             GraphHandle /*child*/) {
  no_graphs("graph_add_child_graph_node");
}
inline void graph_exec_set_child_graph(ExecHandle /*x*/, NodeHandle /*n*/,
                                       GraphHandle /*child*/) {
  no_graphs("graph_exec_set_child_graph");
}
inline ExecHandle graph_instantiate(GraphHandle /*g*/,
                                    bool /*node_priorities*/) {
  no_graphs("graph_instantiate");
}
inline void graph_exec_set_kernel_params(ExecHandle /*x*/, NodeHandle /*n*/,
                                         const KernelNode& /*k*/) {
  no_graphs("graph_exec_set_kernel_params");
}
inline void graph_launch(ExecHandle /*x*/, StreamHandle /*s*/) {
  no_graphs("graph_launch");
}
inline void graph_exec_destroy(ExecHandle /*x*/) noexcept {}
inline void graph_destroy(GraphHandle /*g*/) noexcept {}
inline std::uint64_t context_id(int /*device*/) noexcept { return 1; }

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_CPU_H
