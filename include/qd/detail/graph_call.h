// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode (`#pragma qd kernel graph`, `qd-translate --graphs`): the support
// code that a graph-mode entry point calls instead of launching kernels.
//
// The generated entry point describes the call's launches, in the order and
// on the lanes stream mode would enqueue them (lane 0 is the launch stream,
// lanes 1..n the blocks of the region being described), then submit() hands
// the description to the runtime's graph cache (runtime/graph_cache.cpp).
// The cache keeps one executable graph per device, launch stream and launch
// shape; a call whose shape it has seen only updates the arguments that
// changed and launches the graph. Templates describe; the runtime decides.
//
// Nothing here blocks the host: submit() enqueues one graph launch (or, on a
// stream the caller is capturing, the same launches as stream mode) and
// returns.
#ifndef QD_DETAIL_GRAPH_CALL_H
#define QD_DETAIL_GRAPH_CALL_H

#include "../qd.h"
#include "reduction_scratch.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace qd {
namespace detail {

class CallDevice; // launch_support.h

// Runs a kernel described by a graph node on the calling thread: set only
// where kernels are host functions (the fake device of our tests), null on
// CUDA and HIP.
using HostKernelInvoker = void (*)(const void* function, unsigned grid,
                                   unsigned block, void* const* args);

// The condition of a device-condition loop that graph mode runs as one
// conditional WHILE node (CUDA 12.4 or later): the loop's test kernel
// receives it and sets it (set_loop_condition, qd/detail/graph_loop.h).
// While a call records, `value` is the loop's number in its description;
// the runtime passes the driver's handle in its place.
struct LoopHandle {
  unsigned long long value = 0;
};

template <class... P> constexpr std::int32_t loop_handle_argument() {
  constexpr bool is_handle[] = {false,
                                std::is_same_v<std::decay_t<P>, LoopHandle>...};
  for (std::size_t i = 1; i < sizeof...(P) + 1; ++i)
    if (is_handle[i])
      return static_cast<std::int32_t>(i - 1);
  return -1;
}

// What one call enqueues, as recorded by GraphCall: the shape (which
// launches, on which lanes, with which grids, where regions fork and join)
// and the argument values. Reused across calls of a thread, so recording
// allocates nothing once the vectors have grown.
struct GraphDescription {
  // LoopBegin and LoopEnd bracket the body of a device-condition loop,
  // recorded once: one conditional WHILE node whose body graph holds them.
  // IfBegin and LoopEnd bracket a conditional IF node's body: a host 'if'
  // in such a loop's body whose condition the GPU computes.
  // HostGraph is what a '#pragma qd host' statement enqueued, captured: a
  // child graph node.
  enum class OpKind : std::uint32_t {
    Launch,
    Fork,
    Join,
    LoopBegin,
    LoopEnd,
    IfBegin,
    HostGraph
  };
  struct Op {
    OpKind kind = OpKind::Launch;
    // Launch, LoopBegin, LoopEnd: the lane; Fork: the block count.
    std::uint32_t lane = 0;
    // Fork: the lane the blocks start from; LoopBegin: the loop's number
    // (LoopHandle).
    std::uint32_t parent = 0;
    // Launch: the argument that is a LoopHandle, whose value the runtime
    // replaces with the driver's handle of that loop; -1 if none.
    std::int32_t handle_arg = -1;
    // Launch: inside a loop body, where the driver's node keeps the
    // arguments it was built with (a call with other values is another
    // graph).
    bool in_loop = false;
    unsigned grid = 0, block = 0;
    const void* function = nullptr;
    HostKernelInvoker host_invoke = nullptr;
    std::uint32_t first_arg = 0, arg_count = 0;
    // HostGraph: the captured graph, which the call owns, or, when
    // capture_id is not 0, a 'reuse' statement's HostReuse owns; not part
    // of the shape.
    void* graph = nullptr;
    // HostGraph of a '#pragma qd host reuse' statement: the number of its
    // capture, the same for every call that reuses it, so that a cached
    // graph that holds it already is not updated.
    std::uint64_t capture_id = 0;
    // Fork with `priority(...)`: each block's priority (an array of `lane`
    // with static storage); null when every block is normal. Part of the
    // shape: a graph's node priorities are fixed when it is instantiated.
    const StreamPriority* priorities = nullptr;
    // Where the launch is in the user's source, for error messages.
    const char* file = nullptr;
    unsigned line = 0;

    // Whether two ops are the same step of the same graph: everything but
    // the argument values.
    bool same_shape(const Op& o) const noexcept {
      return kind == o.kind && lane == o.lane && parent == o.parent &&
             handle_arg == o.handle_arg && in_loop == o.in_loop &&
             grid == o.grid &&
             block == o.block && function == o.function &&
             arg_count == o.arg_count && same_priorities(o);
    }

    // Whether the blocks of two forks of as many blocks have the same
    // priorities. Generated code passes one static array per region, so the
    // pointers are usually equal or both null.
    bool same_priorities(const Op& o) const noexcept {
      if (priorities == o.priorities)
        return true;
      for (std::uint32_t b = 0; b < lane; ++b)
        if ((priorities ? priorities[b] : StreamPriority::normal) !=
            (o.priorities ? o.priorities[b] : StreamPriority::normal))
          return false;
      return true;
    }
  };

  std::vector<Op> ops;
  std::vector<std::uint32_t> arg_offsets; // into `bytes`, one per argument
  std::vector<unsigned> arg_sizes;
  std::vector<unsigned char> bytes;       // the argument values, aligned
  std::size_t launches = 0;
  // HostGraph ops: a call that has them cannot be replayed on streams.
  std::size_t host_graphs = 0;
  // The device-condition loops described (LoopHandle numbers 0..loops-1).
  std::uint32_t loops = 0;
  // While recording: the lanes in use, the first lane of each region not
  // yet joined, innermost last, and the loops begun and not yet ended.
  std::uint32_t lane_count = 1;
  std::vector<std::uint32_t> open_regions;
  std::uint32_t open_loops = 0;
  // While recording: the priority of each lane in use (lane 0's is the
  // launch stream's, recorded as normal), for host code's capture stream.
  std::vector<StreamPriority> lane_priorities{StreamPriority::normal};

  void clear() noexcept {
    lane_count = 1;
    lane_priorities.resize(1);
    open_regions.clear();
    open_loops = 0;
    loops = 0;
    ops.clear();
    arg_offsets.clear();
    arg_sizes.clear();
    bytes.clear();
    launches = 0;
    host_graphs = 0;
  }

  // The bytes of op `i`'s arguments (contiguous, padding included).
  std::pair<std::size_t, std::size_t> arg_range(const Op& op) const noexcept {
    if (op.arg_count == 0)
      return {0, 0};
    const std::size_t last = op.first_arg + op.arg_count - 1;
    return {arg_offsets[op.first_arg], arg_offsets[last] + arg_sizes[last]};
  }

  // By value: a 'const T&' of a '__restrict__' pointer type T does not bind
  // to the plain pointer the caller passes (issue 27).
  template <class T> void push_arg(T value) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "kernel arguments must be trivially copyable");
    static_assert(alignof(T) <= alignof(std::max_align_t),
                  "over-aligned kernel arguments are not supported in graph "
                  "mode");
    std::size_t offset = (bytes.size() + alignof(T) - 1) & ~(alignof(T) - 1);
    // Padding is zeroed so that equal arguments compare equal byte for byte.
    bytes.resize(offset + sizeof(T), 0);
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
    arg_offsets.push_back(static_cast<std::uint32_t>(offset));
    arg_sizes.push_back(static_cast<unsigned>(sizeof(T)));
  }
};

// One graph-mode entry point's cache of graphs. Generated code declares one
// as a function-local static, constant-initialized (no guard, no
// destructor); the runtime creates the cache behind it on the first call and
// frees it at exit.
class GraphSite {
public:
  constexpr GraphSite(const char* kernel, const char* file,
                      unsigned line) noexcept
      : kernel_(kernel), file_(file), line_(line) {}
  GraphSite(const GraphSite&) = delete;
  GraphSite& operator=(const GraphSite&) = delete;

  const char* kernel() const noexcept { return kernel_; }
  const char* file() const noexcept { return file_; }
  unsigned line() const noexcept { return line_; }

private:
  friend class GraphCall;
  const char* kernel_;
  const char* file_;
  unsigned line_;
  std::atomic<void*> cache_{nullptr}; // runtime/graph_cache.cpp's GraphCache
};

#if defined(QD_HOST_KERNELS)
// The fake device's shim (tests/runtime/fake_cuda) defines QD_HOST_KERNELS
// and qd_host_kernel_run(kernel, grid, block)(args...), which runs a kernel
// written as a host function over its grid.
template <class... P, std::size_t... I>
void host_invoke_kernel(const void* function, unsigned grid, unsigned block,
                        void* const* args, std::index_sequence<I...>) {
  auto* kernel = reinterpret_cast<void (*)(P...)>(const_cast<void*>(function));
  qd_host_kernel_run(kernel, grid, block)(
      *static_cast<std::decay_t<P>*>(args[I])...);
}
template <class... P>
void host_invoke(const void* function, unsigned grid, unsigned block,
                 void* const* args) {
  host_invoke_kernel<P...>(function, grid, block, args,
                           std::index_sequence_for<P...>{});
}
#endif

// The captures of one '#pragma qd host reuse' statement (a static of the
// generated entry point): per device, the work it enqueued for each of the
// last few values of the variables it names (its key), so that a call with
// the same values records that work without running the statement
// (docs/pragmas.md, decision 44). Freed by release_cached_graphs().
class HostReuse {
public:
  constexpr HostReuse() noexcept = default;
  HostReuse(const HostReuse&) = delete;
  HostReuse& operator=(const HostReuse&) = delete;

private:
  friend class GraphCall;
  std::atomic<void*> captures_{nullptr}; // runtime/graph_host_reuse.cpp
};
// The most keys one statement keeps per device, least recently used out.
inline constexpr std::size_t kReusedCaptures = 4;

// A 'reuse' statement's key: the bytes of the values it names, in order.
// Padding bytes may differ between equal values: then the statement runs
// again, which is always right.
template <class... V> std::string reuse_key(const V&... values) {
  static_assert((std::is_trivially_copyable_v<V> && ...),
                "'#pragma qd host reuse' compares the values the statement "
                "names as bytes: each must be trivially copyable");
  std::string key;
  key.reserve((sizeof(V) + ... + 0));
  (key.append(reinterpret_cast<const char*>(&values), sizeof(V)), ...);
  return key;
}

// One graph-mode kernel call: the generated entry point records its launches
// here, then calls submit(). A call that throws before submit() enqueued
// nothing.
class GraphCall {
public:
  GraphCall(GraphSite& site, StreamRef launch, const CallDevice& device);
  ~GraphCall();
  GraphCall(const GraphCall&) = delete;
  GraphCall& operator=(const GraphCall&) = delete;

  // A region starts: `blocks` new lanes follow what lane `parent` has so
  // far (lane 0, or a block's lane when a kernel called from a block has
  // regions of its own). Returns the first of the new lanes.
  std::uint32_t fork(std::uint32_t parent, unsigned blocks);
  // The same for blocks with priorities (`stream_parallel priority(...)`):
  // block i's lane has priorities[i], an array of `blocks` with static
  // storage. In the graph, the kernel nodes of a lane get its priority
  // (docs/runtime.md, "Stream priorities"); in a replay on streams, its
  // stream comes from the pool of that priority.
  std::uint32_t fork(std::uint32_t parent, unsigned blocks,
                     const StreamPriority* priorities);
  // The innermost region ends: its parent lane follows every block's lane.
  void join();

  // A device-condition loop (SPEC 1, "Loops whose condition the GPU
  // computes"), as one conditional WHILE node on `lane`: new_loop() numbers
  // it, a launch before loop_begin() sets its condition for the first test,
  // the launches between loop_begin() and loop_end() are its body, recorded
  // once, the last of them setting the condition for the next test. A
  // launch that sets a condition takes the LoopHandle as an argument.
  LoopHandle new_loop() noexcept { return LoopHandle{d_->loops++}; }
  void loop_begin(std::uint32_t lane, LoopHandle loop);
  void loop_end(std::uint32_t lane);
  // A host 'if' in such a loop's body whose condition reads values the GPU
  // changes between iterations: one conditional IF node on `lane`, its
  // condition (numbered by new_loop()) set by a launch before if_begin(),
  // its body the launches up to if_end().
  void if_begin(std::uint32_t lane, LoopHandle condition);
  void if_end(std::uint32_t lane) { loop_end(lane); }

  // Reduction scratch for a kernel called by this call's kernel: allocated
  // on the launch stream now, before the graph launch, and given back after
  // it, when this call ends.
  const ReductionScratch& scratch(unsigned slots, unsigned counters,
                                  std::initializer_list<PartialsShape> partials);

  // A launch of `kernel` on `lane`, its arguments converted to the kernel's
  // parameter types as `kernel<<<...>>>(args...)` would convert them.
  template <class... P, class... A>
  void launch(std::uint32_t lane, void (*kernel)(P...), unsigned grid,
              unsigned block, const char* file, unsigned line, A&&... args) {
    static_assert(sizeof...(P) == sizeof...(A),
                  "a kernel launch needs one argument per parameter");
    GraphDescription::Op op;
    op.kind = GraphDescription::OpKind::Launch;
    op.lane = lane;
    op.grid = grid;
    op.block = block;
    op.function = reinterpret_cast<const void*>(kernel);
#if defined(QD_HOST_KERNELS)
    op.host_invoke = &host_invoke<P...>;
#endif
    op.first_arg = static_cast<std::uint32_t>(d_->arg_offsets.size());
    op.arg_count = sizeof...(P);
    op.file = file;
    op.line = line;
    op.handle_arg = loop_handle_argument<P...>();
    op.in_loop = d_->open_loops != 0;
    (d_->push_arg<std::decay_t<P>>(std::forward<A>(args)), ...);
    d_->ops.push_back(op);
    ++d_->launches;
  }

  // A '#pragma qd host' statement at `file`:`line` on `lane`: runs
  // `statement` now, with qd::current_stream() a stream this call captures;
  // what it enqueues there becomes a child graph node of the lane. Throws
  // qd::Error naming the line when the capture fails (a synchronizing call,
  // work that cannot be captured).
  template <class F>
  void host_code(std::uint32_t lane, const char* file, unsigned line,
                 F&& statement) {
    HostCapture capture(*this, lane, file, line);
    std::forward<F>(statement)();
    capture.end();
  }

  // A '#pragma qd host reuse' statement: what it enqueued on an earlier
  // call with the same `key` on this device, if `reuse` still has it, without
  // running `statement`; otherwise as host_code() above, keeping the
  // capture in `reuse` for later calls.
  template <class F>
  void host_code(std::uint32_t lane, const char* file, unsigned line,
                 HostReuse& reuse, std::string key, F&& statement) {
    if (reuse_capture(lane, file, line, reuse, key))
      return;
    HostCapture capture(*this, lane, file, line);
    std::forward<F>(statement)();
    capture.end(&reuse, std::move(key));
  }

  // Enqueues the described work on the launch stream. Throws qd::Error
  // naming the kernel (and the launch, when one node is to blame).
  void submit();

  // A '#pragma qd host wait' or '#pragma qd update' where the call's graph
  // may end: on lane 0, with no region or conditional node open. Enqueues
  // the work described so far, as submit() does, and describes what follows
  // afresh, into a graph of its own (cached by its own shape). The
  // statement then runs on stream(), as in stream mode. A call whose branch
  // with the statement is not taken stays one graph. Throws qd::Error
  // naming `file`:`line` where the graph cannot end (the translator splits
  // only where it can).
  void split(const char* file, unsigned line);
  // The launch stream: what runs between two graphs of a split call is
  // enqueued there.
  StreamRef stream() const noexcept { return launch_; }

private:
  // One host_code() capture: begun by the constructor, recorded by end(),
  // ended and dropped by the destructor when the statement threw.
  class HostCapture {
  public:
    HostCapture(GraphCall& call, std::uint32_t lane, const char* file,
                unsigned line);
    ~HostCapture();
    HostCapture(const HostCapture&) = delete;
    HostCapture& operator=(const HostCapture&) = delete;
    // Records the capture; with `reuse`, keeps it there under `key` too.
    void end(HostReuse* reuse = nullptr, std::string key = {});

  private:
    GraphCall& call_;
    std::uint32_t lane_;
    const char* file_;
    unsigned line_;
    StreamPriority priority_; // the lane's: the capture stream's
    void* stream_ = nullptr; // a capture stream (graph_call.cpp), this one's alone
    std::unique_ptr<CurrentStreamScope> current_;
    bool capturing_ = false;
  };

  // Records `reuse`'s capture for `key` on this call's device, if it has
  // one; false if the statement must run.
  bool reuse_capture(std::uint32_t lane, const char* file, unsigned line,
                     HostReuse& reuse, const std::string& key);
  // Destroys the captured graphs the description owns (the driver cloned
  // what it kept when the description was submitted).
  void drop_host_graphs() noexcept;
  // Adds a captured graph to the description; `capture_id` 0: the call
  // owns `graph`.
  void record_host_graph(std::uint32_t lane, const char* file, unsigned line,
                         void* graph, std::uint64_t capture_id);

  GraphSite& site_;
  StreamRef launch_;
  const CallDevice* device_; // the entry point's, which outlives this call
  GraphDescription* d_;
  std::vector<std::unique_ptr<ReductionScratch>> scratch_;
  // The reused captures this call's description points to: kept alive
  // until it is submitted, whatever other threads do to their HostReuse.
  std::vector<std::shared_ptr<void>> reused_;
};

// The streams that '#pragma qd host' code was captured on in graph mode, on
// `device`: made outside the stream pool (graph_call.cpp) and never
// destroyed; for tests.
std::size_t capture_stream_count(int device);

// The number of executable graphs cached by all graph-mode entry points, and
// the most one entry point keeps; for tests and docs/runtime.md.
std::size_t cached_graph_count();
inline constexpr std::size_t kGraphsPerSite = 16;
// Destroys every cached graph (the next call of each shape builds it again).
// Runs at exit; also for tests. Must not race with calls in flight on the
// host (graphs still running on the device are fine: the driver frees them
// once they finish).
void release_cached_graphs() noexcept;

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_GRAPH_CALL_H
