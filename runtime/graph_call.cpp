// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GraphCall (qd/detail/graph_call.h): records one graph-mode call and hands
// it to the graph cache, or, on a stream the caller is capturing, to the
// stream replay.
#include "qd/detail/graph_call.h"

#include "device_pools.h"
#include "graph_cache.h"
#include "graph_host_reuse.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace qd {
namespace detail {
namespace {

// Each thread reuses its descriptions, so recording allocates nothing once
// their vectors have grown. A stack, not one: a host scalar's initializer may
// call another kernel while this call records.
struct DescriptionStack {
  std::vector<std::unique_ptr<GraphDescription>> free;

  GraphDescription* take() {
    if (free.empty())
      return new GraphDescription;
    GraphDescription* d = free.back().release();
    free.pop_back();
    d->clear();
    return d;
  }
  void give(GraphDescription* d) noexcept {
    try {
      free.emplace_back(d);
    } catch (...) {
      delete d;
    }
  }
};

DescriptionStack& descriptions() {
  thread_local DescriptionStack stack;
  return stack;
}

// The streams host code is captured on. Not the stream pool's: past its
// limit the pool lends a stream to several regions at once, and whatever
// another thread enqueued on a stream while it was being captured would
// become part of the capture. A capture stream is lent to one capture at a
// time; there are as many as captures ever ran at once on a device. Never
// destroyed, like the pools' streams.
//
// A capture stream has the priority of the lane whose host code it captures:
// the driver copies a capturing stream's priority into the kernel nodes it
// records, so host code on a high block's lane runs at high priority too.
struct CaptureStreams {
  struct Free {
    int device;
    StreamPriority priority;
    void* stream;
  };
  std::mutex mutex;
  std::vector<Free> free;
  std::vector<std::size_t> created; // per device

  void* take(int device, StreamPriority priority) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (auto it = free.begin(); it != free.end(); ++it)
        if (it->device == device && it->priority == priority) {
          void* s = it->stream;
          free.erase(it);
          return s;
        }
    }
    void* s = create_stream(priority); // the call's device is current
    std::lock_guard<std::mutex> lock(mutex);
    if (created.size() <= static_cast<std::size_t>(device))
      created.resize(device + 1, 0);
    ++created[device];
    return s;
  }
  void give(int device, StreamPriority priority, void* s) noexcept {
    try {
      std::lock_guard<std::mutex> lock(mutex);
      free.push_back({device, priority, s});
    } catch (...) {
      backend::stream_destroy(s);
    }
  }
};

CaptureStreams& capture_streams() {
  static CaptureStreams* const streams = new CaptureStreams;
  return *streams;
}

} // namespace

std::size_t capture_stream_count(int device) {
  CaptureStreams& streams = capture_streams();
  std::lock_guard<std::mutex> lock(streams.mutex);
  return device >= 0 && static_cast<std::size_t>(device) < streams.created.size()
             ? streams.created[device]
             : 0;
}

GraphCall::GraphCall(GraphSite& site, StreamRef launch,
                     const CallDevice& device)
    : site_(site), launch_(launch), device_(&device),
      d_(descriptions().take()) {}

GraphCall::~GraphCall() {
  drop_host_graphs();
  descriptions().give(d_);
}

void GraphCall::drop_host_graphs() noexcept {
  // A reused capture is its statement's (reused_).
  for (GraphDescription::Op& op : d_->ops)
    if (op.kind == GraphDescription::OpKind::HostGraph && op.graph &&
        op.capture_id == 0) {
      backend::graph_destroy(op.graph);
      op.graph = nullptr;
    }
}

GraphCall::HostCapture::HostCapture(GraphCall& call, std::uint32_t lane,
                                    const char* file, unsigned line)
    : call_(call), lane_(lane), file_(file), line_(line),
      priority_(lane < call.d_->lane_priorities.size()
                    ? call.d_->lane_priorities[lane]
                    : StreamPriority::normal) {
  stream_ = capture_streams().take(call.device_->index(), priority_);
  try {
    backend::stream_begin_capture(stream_);
  } catch (const Error& e) {
    capture_streams().give(call.device_->index(), priority_, stream_);
    stream_ = nullptr;
    throw_launch_error(call.site_.kernel(), file, line, e.what());
  }
  capturing_ = true;
  current_ = std::make_unique<CurrentStreamScope>(StreamRef::from_native(stream_));
}

GraphCall::HostCapture::~HostCapture() {
  current_.reset();
  if (capturing_) {
    try {
      backend::graph_destroy(backend::stream_end_capture(stream_));
    } catch (...) {
      // The statement's own exception is the one that matters.
    }
  }
  if (stream_)
    capture_streams().give(call_.device_->index(), priority_, stream_);
}

bool GraphCall::reuse_capture(std::uint32_t lane, const char* file,
                              unsigned line, HostReuse& reuse,
                              const std::string& key) {
  std::shared_ptr<SharedCapture> capture =
      find_reused_capture(reuse.captures_, device_->index(), key);
  if (!capture)
    return false;
  reused_.push_back(capture);
  if (capture->graph)
    record_host_graph(lane, file, line, capture->graph, capture->id);
  return true;
}

void GraphCall::record_host_graph(std::uint32_t lane, const char* file,
                                  unsigned line, void* graph,
                                  std::uint64_t capture_id) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::HostGraph;
  op.lane = lane;
  op.graph = graph;
  op.capture_id = capture_id;
  op.file = file;
  op.line = line;
  d_->ops.push_back(op);
  ++d_->host_graphs;
  ++d_->launches;
}

void GraphCall::HostCapture::end(HostReuse* reuse, std::string key) {
  current_.reset();
  capturing_ = false;
  backend::GraphHandle captured = nullptr;
  try {
    captured = backend::stream_end_capture(stream_);
  } catch (const Error& e) {
    const std::string message =
        std::string("'#pragma qd host' code in graph mode: its work could not "
                    "be captured into the call's graph (") +
        (e.call().empty() ? e.what() : e.call() + ": " + e.driver_message()) +
        "); a synchronizing call is not allowed there, and some work cannot "
        "be captured; translate the kernel in stream mode for such code";
    throw_launch_error(call_.site_.kernel(), file_, line_, message.c_str());
  }
  std::size_t nodes = 0;
  try {
    nodes = backend::graph_node_count(captured);
  } catch (...) {
    backend::graph_destroy(captured);
    throw;
  }
  if (nodes == 0) {
    backend::graph_destroy(captured); // nothing enqueued: no node
    captured = nullptr;
  }
  if (reuse) {
    std::shared_ptr<SharedCapture> kept = keep_reused_capture(
        reuse->captures_, call_.device_->index(), std::move(key), captured);
    call_.reused_.push_back(kept);
    if (kept->graph)
      call_.record_host_graph(lane_, file_, line_, kept->graph, kept->id);
    return;
  }
  if (!captured)
    return;
  try {
    call_.record_host_graph(lane_, file_, line_, captured, 0);
  } catch (...) {
    backend::graph_destroy(captured);
    throw;
  }
}

std::uint32_t GraphCall::fork(std::uint32_t parent, unsigned blocks) {
  return fork(parent, blocks, nullptr);
}

std::uint32_t GraphCall::fork(std::uint32_t parent, unsigned blocks,
                              const StreamPriority* priorities) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::Fork;
  op.lane = blocks;
  op.parent = parent;
  // All normal is no priority: the same shape as a fork without them.
  if (any_priority(priorities, blocks))
    op.priorities = priorities;
  d_->ops.push_back(op);
  const std::uint32_t first = d_->lane_count;
  d_->open_regions.push_back(first);
  d_->lane_count += blocks;
  d_->lane_priorities.resize(d_->lane_count, StreamPriority::normal);
  if (op.priorities)
    std::copy(op.priorities, op.priorities + blocks,
              d_->lane_priorities.begin() + first);
  return first;
}

void GraphCall::join() {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::Join;
  d_->ops.push_back(op);
  d_->lane_count = d_->open_regions.back();
  d_->open_regions.pop_back();
  d_->lane_priorities.resize(d_->lane_count);
}

void GraphCall::loop_begin(std::uint32_t lane, LoopHandle loop) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::LoopBegin;
  op.lane = lane;
  op.parent = static_cast<std::uint32_t>(loop.value);
  d_->ops.push_back(op);
  ++d_->open_loops;
}

void GraphCall::if_begin(std::uint32_t lane, LoopHandle condition) {
  loop_begin(lane, condition);
  d_->ops.back().kind = GraphDescription::OpKind::IfBegin;
}

void GraphCall::loop_end(std::uint32_t lane) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::LoopEnd;
  op.lane = lane;
  d_->ops.push_back(op);
  --d_->open_loops;
}

const ReductionScratch&
GraphCall::scratch(unsigned slots, unsigned counters,
                   std::initializer_list<PartialsShape> partials) {
  scratch_.push_back(
      std::make_unique<ReductionScratch>(launch_, slots, counters, partials));
  return *scratch_.back();
}

void GraphCall::submit() {
  // No launch (every loop empty): nothing to order, nothing to enqueue.
  if (d_->launches == 0)
    return;
  if (backend::stream_is_capturing(launch_.native())) {
    // A conditional node cannot be enqueued as stream launches: the body
    // would run once, whatever the condition.
    if (d_->loops != 0 || d_->host_graphs != 0)
      throw_launch_error(
          site_.kernel(), site_.file(), site_.line(),
          d_->loops != 0
              ? "a graph-mode call with a device-condition loop cannot be "
                "captured into another graph; call it outside the capture, "
                "or translate the kernel in stream mode"
              : "a graph-mode call with '#pragma qd host' code cannot be "
                "captured into another graph; call it outside the capture, "
                "or translate the kernel in stream mode");
    replay_on_streams(site_, *d_, launch_, *device_);
  } else {
    launch_cached_graph(site_.cache_, site_, *d_, launch_, device_->index());
  }
}

void GraphCall::split(const char* file, unsigned line) {
  // Inside a region or a conditional node the work after the statement
  // belongs to a graph node that is still open: that graph cannot end here.
  if (!d_->open_regions.empty() || d_->open_loops != 0)
    throw_launch_error(site_.kernel(), file, line,
                       "the call's graph cannot end inside a "
                       "stream_parallel block or a conditional node (a "
                       "qd-translate bug: please report it)");
  submit();
  drop_host_graphs();
  d_->clear();
}

} // namespace detail
} // namespace qd
