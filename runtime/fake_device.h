// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fake device layer: a test-only backend (QD_BACKEND_FAKE, library
// qd_runtime_fake, built only with the tests and never installed) that lets
// the pool, the guards and generated-code shapes be tested without a GPU.
//
// Unlike the cpu backend, whose handles are all null, every fake stream and
// event is a distinct heap object, so tests can tell them apart, mark who
// holds them and catch a handle used after it was destroyed. Devices are
// numbered, the current device is per thread as in CUDA, and failures can be
// injected into stream creation, event creation, launches, stream-ordered
// pool allocations and memsets. Work still runs synchronously on the calling
// thread; the fake tracks which work a stream "has pending" (launched since
// its last synchronization), so tests can see whether a destructor waited.
// A test may also defer work on a stream (defer, below), to model a kernel
// that is still running when the host goes on.
//
// The fake checks what a driver checks and reports it the way CUDA does:
// runtime calls throw qd::Error through the backend, launches leave a code in
// the calling thread's last error (see begin_launch). Fake objects are never
// freed, so a destroyed handle stays recognizable (and is reported as an
// invalid resource handle) instead of being undefined behaviour.
//
// Nothing here takes a lock on the paths that streams, events and launches
// use (only relaxed atomics), so that under ThreadSanitizer the fake adds no
// synchronization that could hide a race in the pools above it.
#ifndef QD_RUNTIME_FAKE_DEVICE_H
#define QD_RUNTIME_FAKE_DEVICE_H

#include <qd/qd.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace qd {
namespace fake {

// Result codes, numbered as CUDA's cudaError_t so that the CUDA shim for
// tests (tests/runtime/fake_cuda/cuda_runtime.h) can pass them through.
enum Result : int {
  kSuccess = 0,
  kInvalidConfiguration = 9,    // "invalid configuration argument"
  kInvalidResourceHandle = 400, // "invalid resource handle"
  kLaunchFailure = 719,         // "unspecified launch failure"
};
const char* result_string(int result) noexcept;

// The number of fake devices: QD_FAKE_DEVICES (1 to 64), else 2, read once.
int device_count();
// Multiprocessors per fake device (for grid_size's cap).
inline constexpr int kMultiprocessors = 4;

// --- launches --------------------------------------------------------------

// The driver's half of a launch of `grid` x `block` threads on `stream` (a
// native handle; null = the current device's default stream): checks the
// configuration and the stream as the driver would, counts the launch and
// returns kSuccess, or stores the error as the calling thread's last error
// and returns it. The caller then runs the kernel's body itself.
int begin_launch(unsigned grid, unsigned block, void* stream) noexcept;
// The calling thread's last error, like cudaGetLastError (which also resets
// it to kSuccess) and cudaPeekAtLastError.
int get_last_error() noexcept;
int peek_last_error() noexcept;

// --- failure injection (thread-safe; counts are global, over all threads) --

// The `nth` (1-based) stream or event creation from now on fails with
// "out of memory" (qd::Error from the backend call); 0 disarms.
void fail_stream_creation(unsigned nth) noexcept;
void fail_event_creation(unsigned nth) noexcept;
// The `nth` begin_launch from now on fails with kLaunchFailure; 0 disarms.
// (qd::testing::inject_launch_failure is the portable hook; this one gives
// tests a second driver message.)
void fail_launch(unsigned nth) noexcept;
// The `nth` stream-ordered pool allocation (memset) from now on fails with
// "out of memory" (qd::Error from the backend call); 0 disarms.
void fail_pool_allocation(unsigned nth) noexcept;
void fail_memset(unsigned nth) noexcept;

// --- memory ------------------------------------------------------------------

// Fake device memory is host memory, so device code run by the fake can use
// it; the fake keeps a registry of its allocations so that
// backend::device_accessible can tell device memory from host memory, as
// cudaPointerGetAttributes does. Host memory registered here is accessible
// too, as memory registered with cudaHostRegister is.
void register_host_memory(const void* p, std::size_t bytes);
void unregister_host_memory(const void* p) noexcept;
// The device whose device_malloc allocation contains `p`; -1 if none does.
int allocation_device(const void* p) noexcept;

// --- deferred work -----------------------------------------------------------

// Work that finishes later, as a kernel on a non-blocking stream does.
// Everything else the fake runs when it is enqueued, so without this a test
// could not tell whether the runtime waited for another stream before
// reading or freeing memory that such a kernel uses.
//
// `work` (which must not throw) runs on the thread of the first of:
// - a synchronization of `stream` (stream_synchronize, or its destruction,
//   after which the driver still finishes its work);
// - work enqueued later on `stream` (a launch, copy or memset), which the
//   stream's order puts after it;
// - a synchronization of its device (device_synchronize, or device_free,
//   which waits for the device as cudaFree and hipFree do).
// Synchronizing the default stream does not run it, as the legacy default
// stream does not wait for non-blocking streams, and every fake stream is
// one. Events do not see it: order deferred work by synchronization only.
// A pool_free_async while another stream of the pool's device still has
// deferred work frees memory that work may still use (the driver orders the
// free after its own stream only): the fake counts a misuse, then runs the
// work, so that the fake itself never uses freed memory.
//
// `stream` must be a live fake stream (qd::Error otherwise).
void defer(void* stream, std::function<void()> work);
// The deferred work of `device` that has not run yet.
std::size_t deferred_work(int device);

// --- introspection -----------------------------------------------------------

struct Counts {
  std::size_t streams_created = 0;
  std::size_t streams_destroyed = 0;
  // Streams destroyed while work launched on them was not synchronized yet.
  std::size_t streams_destroyed_busy = 0;
  std::size_t events_created = 0;
  std::size_t events_destroyed = 0;
  unsigned long long launches = 0;        // begin_launch calls that succeeded
  unsigned long long failed_launches = 0; // and those that did not
  unsigned long long failed_creations = 0;
  // The stream-ordered pool (pool_malloc_async/pool_free_async) and
  // memset_async, by the device of the pool (of the stream, for memsets).
  std::size_t pool_allocations = 0;
  std::size_t pool_frees = 0;
  std::size_t pool_bytes_in_use = 0;
  unsigned long long failed_pool_allocations = 0;
  unsigned long long memsets = 0;
  // stream_wait_event calls, by the device of the waiting stream.
  unsigned long long stream_waits = 0;
  // device_malloc/device_free (by the allocating device) and the copies
  // between host and device (by the device of the stream; the current
  // device for the default stream), with their bytes.
  std::size_t device_allocations = 0;
  std::size_t device_frees = 0;
  unsigned long long copies_to_device = 0, bytes_to_device = 0;
  unsigned long long copies_to_host = 0, bytes_to_host = 0;
  // Synchronizations of the default stream (stream_synchronize(null)).
  unsigned long long default_stream_synchronizations = 0;
};
// Counters of one device; throws qd::Error for a device that does not exist.
Counts counts(int device);
// Handles used after being destroyed, of the wrong kind or on the wrong
// device, over the whole process; a correct runtime keeps this at 0.
unsigned long long misuses() noexcept;

// The device a fake stream or event was created on; -1 for null or a handle
// that is not a fake stream (event).
int stream_device(void* stream) noexcept;
int event_device(void* event) noexcept;
// The fake devices' stream priority range (backend::stream_priority_range).
// Unlike CUDA's (least 0, the default), low differs from the default here,
// so that tests can tell the three priorities apart.
inline constexpr int kLeastPriority = 1;
inline constexpr int kGreatestPriority = -2;
// The priority a fake stream was created with (0 for the default one and
// for stream_create_non_blocking's); 0 for null or a handle that is not a
// fake stream.
int stream_priority(void* stream) noexcept;
// Whether a fake stream has launches that no stream, event or device
// synchronization has waited for yet, or deferred work that has not run.
bool stream_busy(void* stream) noexcept;
bool stream_destroyed(void* stream) noexcept;

// The calling thread's latest pool allocation and free (what, on which
// stream, of which device's pool): lets a test see that memory went back on
// the stream it was ordered on. Null pointers until the first one.
struct PoolOperation {
  const void* pointer = nullptr;
  std::size_t bytes = 0;
  void* stream = nullptr;
  int device = -1;
};
PoolOperation last_pool_allocation() noexcept;
PoolOperation last_pool_free() noexcept;

// An owner marker per fake stream and event, for tests that check exclusive
// use: claim() sets it to `holder` if it is free and returns nullptr, else
// leaves it and returns the current owner (also nullptr for a handle that is
// not a fake one); release_claim() frees it if `holder` owns it.
const void* claim(void* handle, const void* holder) noexcept;
void release_claim(void* handle, const void* holder) noexcept;

// --- graph mode (fake_graph.cpp) ---------------------------------------------

// A fake graph is a list of kernel nodes with their dependencies; launching
// its executable form begins each node's launch on the launch stream (so
// launches are counted and checked as above) and runs its host invoker, in
// node order, which is a valid topological order. A conditional WHILE node
// (graph_add_while_node) runs its body graph's nodes, in order, as long as
// its condition is non-zero; device code sets it through set_conditional.
struct GraphCounts {
  unsigned long long graphs_created = 0, graphs_destroyed = 0;
  unsigned long long execs_created = 0, execs_destroyed = 0;
  unsigned long long kernel_nodes = 0;  // nodes added to graphs
  unsigned long long node_updates = 0;  // exec kernel-node parameter updates
  unsigned long long graph_launches = 0;
  unsigned long long direct_launches = 0; // launch_kernel (not a graph)
  // Graphs and executable graphs destroyed after their device was reset:
  // on a real driver, a crash. A correct runtime keeps this at 0.
  unsigned long long stale_destroys = 0;
  // Conditional WHILE nodes added, iterations their bodies ran, and
  // set_conditional calls outside a running graph or with a handle it does
  // not have (a correct runtime keeps this at 0).
  unsigned long long while_nodes = 0, loop_iterations = 0;
  unsigned long long if_nodes = 0; // conditional IF nodes added
  unsigned long long condition_misuses = 0;
};
GraphCounts graph_counts() noexcept;
// Stream capture (backend::stream_begin_capture, for '#pragma qd host' code
// in graph mode): while `stream` is being captured, the shim hands the work
// enqueued on it (launches, copies) to capture_work, which records it as a
// node of the capture's graph and returns true; false when the stream is not
// being captured (run it now). invalidate_capture marks a capture that a
// synchronizing call broke (its end then fails); false if `stream` is not
// being captured.
bool capture_work(void* stream, std::function<void(void* stream)> work);
bool invalidate_capture(void* stream) noexcept;
// cudaGraphSetConditional, as the fake CUDA shim's device code calls it:
// sets a condition of the graph running on the calling thread.
void set_conditional(std::uint64_t handle, unsigned value) noexcept;
// Makes updates of nodes in WHILE nodes' bodies fail, as a driver that
// updates only a graph's own kernel nodes would; false (the default)
// updates them.
void refuse_body_node_updates(bool refused) noexcept;
// The `nth` instantiation, graph launch or node update from now on fails;
// 0 disarms.
void fail_graph_instantiation(unsigned nth) noexcept;
void fail_graph_launch(unsigned nth) noexcept;
void fail_node_update(unsigned nth) noexcept;
// Makes stream_is_capturing answer true for `stream` (a fake stream), as if
// the caller had begun a capture on it; the fake records no capture.
void set_capturing(void* stream, bool capturing) noexcept;
// What cudaDeviceReset does to graphs: every graph and executable graph made
// on `device` so far dangles (destroying one counts a stale destroy), and
// context_id(device) changes.
void reset_device(int device) noexcept;
// The dependencies of each node of the graph instantiated last (by any
// thread), as node indices in the order the nodes were added.
std::vector<std::vector<std::size_t>> last_instantiated_edges();
// The priority of each kernel node of the graph instantiated last, depth
// first (a conditional or child graph node's body right after where the
// node itself would be), with kNoNodePriority for a node added without one.
// Captured work has its capture stream's priority, as CUDA copies it. And
// whether that graph was instantiated with node priorities
// (cudaGraphInstantiateFlagUseNodePriority).
inline constexpr int kNoNodePriority = 1000;
std::vector<int> last_instantiated_priorities();
bool last_instantiated_with_node_priorities();

} // namespace fake
} // namespace qd

#endif // QD_RUNTIME_FAKE_DEVICE_H
