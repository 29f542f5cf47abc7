// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The runtime's portability layer: the handful of driver primitives the pool
// and API code needs, mapped onto one vendor per build.
//
// Everything above this layer (pools, Stream, Event, Buffer) exists once and
// is compiled three times. Each backend header defines, in namespace
// qd::backend, exactly this set:
//
//   constexpr const char* kName;               "cuda" | "hip" | "cpu" | "fake"
//   constexpr bool kHasMultiprocessors;        false on cpu: grid_size does not cap
//   int  device_count();
//   int  current_device();
//   void set_device(int device);
//   int  multiprocessor_count(int device);
//   void device_synchronize();
//   StreamHandle stream_create_non_blocking();          // default priority
//   StreamHandle stream_create_with_priority(int priority); // non-blocking too
//   void stream_priority_range(int& least, int& greatest);  // current device
//   int  stream_priority(StreamHandle s);
//   void stream_synchronize(StreamHandle s);
//   void stream_destroy(StreamHandle s) noexcept;
//   EventHandle event_create(bool timing);
//   void event_destroy(EventHandle e) noexcept;
//   void event_record(EventHandle e, StreamHandle s);
//   void stream_wait_event(StreamHandle s, EventHandle e);   // s waits for e
//   void event_synchronize(EventHandle e);
//   bool event_query(EventHandle e);                          // true = complete
//   float event_elapsed_ms(EventHandle start, EventHandle end);
//   void* device_malloc(std::size_t bytes);
//   void device_free(void* p) noexcept;
//   void memcpy_host_to_device_async(void* dst, const void* src, std::size_t bytes, StreamHandle s);
//   void memcpy_device_to_host_async(void* dst, const void* src, std::size_t bytes, StreamHandle s);
//   void* pool_malloc_async(int device, std::size_t bytes, StreamHandle s);   // from this library's pool of `device`
//   void pool_free_async(void* p, StreamHandle s) noexcept;
//   void memset_async(void* p, int value, std::size_t bytes, StreamHandle s);
//   bool device_accessible(const void* p);    // may device code dereference p?
//
// device_accessible answers for a pointer that is not in the present table
// (runtime/present_table.cpp): true for device memory, managed memory and
// host memory the device can reach (pinned, registered); false for plain
// (pageable) host memory, which a kernel argument must not be. The cpu
// backend says true: there, everything is host memory and device code runs
// on the host.
//
// and, for graph mode (runtime/graph_cache.cpp):
//
//   bool stream_is_capturing(StreamHandle s);     // a capture is active or invalidated
//   void launch_kernel(const KernelNode& k, StreamHandle s);
//   GraphHandle graph_create();
//   NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
//                                    std::size_t n, const KernelNode& k);
//   std::uint64_t graph_conditional_handle(GraphHandle g);
//   NodeHandle graph_add_while_node(GraphHandle g, const NodeHandle* deps,
//                                   std::size_t n, std::uint64_t handle,
//                                   GraphHandle& body);
//   NodeHandle graph_add_if_node(GraphHandle g, const NodeHandle* deps,
//                                std::size_t n, std::uint64_t handle,
//                                GraphHandle& body);
//   void stream_begin_capture(StreamHandle s);   // this thread's capture
//   GraphHandle stream_end_capture(StreamHandle s); // throws if it failed
//   std::size_t graph_node_count(GraphHandle g);
//   NodeHandle graph_add_child_graph_node(GraphHandle g, const NodeHandle* deps,
//                                         std::size_t n, GraphHandle child);
//   void graph_exec_set_child_graph(ExecHandle x, NodeHandle node, GraphHandle child);
//   ExecHandle graph_instantiate(GraphHandle g, bool node_priorities);
//   void graph_exec_set_kernel_params(ExecHandle x, NodeHandle node, const KernelNode& k);
//   void graph_launch(ExecHandle x, StreamHandle s);
//   void graph_exec_destroy(ExecHandle x) noexcept;
//   void graph_destroy(GraphHandle g) noexcept;
//   std::uint64_t context_id(int device) noexcept;
//
// Stream priorities are the driver's numbers, where smaller is more urgent:
// stream_priority_range gives the current device's, `greatest` <= 0 <=
// `least`, 0 being the default (device_pools.cpp maps qd::StreamPriority onto
// them). A KernelNode with `prioritized` set is added to a graph with its
// `priority` as the node's priority, which the driver honours only in a
// graph instantiated with `node_priorities` (otherwise every node runs at
// the priority of the stream the graph is launched on); launch_kernel ignores
// both, the stream's priority applies. HIP graphs have no node priorities
// (HIP 5.2): the HIP backend ignores both there. The cpu backend has no
// streams: its range is [0, 0] and it creates null streams.
//
// context_id names the device's primary context while it lives: the graphs
// made in it are valid as long as it is the same, and dangling once it was
// destroyed (cudaDeviceReset, or the driver's teardown at exit), when
// destroying them would crash inside the driver. 0 when the context is gone
// or the driver cannot tell.
//
// graph_conditional_handle makes a condition for a conditional node that
// `g` will hold, starting at 0 on every launch: what device code passes to
// set_loop_condition. graph_add_while_node adds the conditional WHILE node
// of that condition and sets `body` to its body graph, which the driver
// owns; graph_add_if_node, an IF node, whose body runs once when the
// condition is set. Only CUDA 12.4 or later has them; elsewhere both throw.
//
// The capture primitives serve '#pragma qd host' code in graph mode: the
// statement runs with a capturing stream as its qd::current_stream(), and
// what it enqueues becomes a child graph node (the driver clones `child`
// when it adds or sets it).
//
// A kernel node's argument values are copied by the call that receives
// them, as cudaGraphAddKernelNode and cudaLaunchKernel copy them. The cpu
// backend has no graphs: its graph primitives throw (the translator never
// emits graph mode for the cpu target).
//
// The pool_* pair is stream-ordered: the memory is usable by work enqueued on
// `s` after the allocation, and goes back to the pool once the work enqueued
// on `s` before the free has run; neither call waits for the GPU. Each
// device's pool is created on first use and, like the other pools, never
// destroyed.
//
// Failing primitives throw qd::Error through api_failure() naming the vendor
// call; the *_destroy/_free ones only run from destructors and cleanup, where
// there is nobody to report to, so they swallow errors.
#ifndef QD_RUNTIME_BACKEND_H
#define QD_RUNTIME_BACKEND_H

#include <cstddef>
#include <cstdint>

namespace qd {
namespace backend {

using StreamHandle = void*;
using EventHandle = void*;
using GraphHandle = void*;
using NodeHandle = void*;
using ExecHandle = void*;

// One kernel launch, as a graph node or a stream launch takes it.
struct KernelNode {
  const void* function = nullptr;
  unsigned grid = 0;
  unsigned block = 0;
  void* const* args = nullptr; // a pointer to each argument's value
  // The argument sizes; the CUDA and HIP drivers know them from the kernel,
  // the fake device (which has no kernel metadata) needs them to copy.
  const unsigned* arg_sizes = nullptr;
  unsigned arg_count = 0;
  // Fake device only: runs `function` on the calling thread.
  void (*host_invoke)(const void* function, unsigned grid, unsigned block,
                      void* const* args) = nullptr;
  // Graph nodes only (see the note on stream priorities above).
  bool prioritized = false;
  int priority = 0;
};

// Throws qd::Error::api_failure(call, driver_message); defined in error.cpp
// so that backend headers need not include the exception machinery.
[[noreturn]] void api_failure(const char* call, const char* driver_message);

} // namespace backend
} // namespace qd

#if defined(QD_BACKEND_CUDA) + defined(QD_BACKEND_HIP) +                       \
        defined(QD_BACKEND_CPU) + defined(QD_BACKEND_FAKE) !=                  \
    1
#error "define exactly one of QD_BACKEND_CUDA, QD_BACKEND_HIP, QD_BACKEND_CPU, QD_BACKEND_FAKE"
#endif

#if defined(QD_BACKEND_CUDA)
#include "backend_cuda.h"
#elif defined(QD_BACKEND_HIP)
#include "backend_hip.h"
#elif defined(QD_BACKEND_FAKE)
#include "backend_fake.h" // test-only (fake_device.h)
#else
#include "backend_cpu.h"
#endif

#endif // QD_RUNTIME_BACKEND_H
