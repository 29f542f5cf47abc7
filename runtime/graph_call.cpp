// GraphCall (qd/detail/graph_call.h): records one graph-mode call and hands
// it to the graph cache, or, on a stream the caller is capturing, to the
// stream replay.
#include "qd/detail/graph_call.h"

#include "graph_cache.h"

#include <memory>
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

} // namespace

GraphCall::GraphCall(GraphSite& site, StreamRef launch,
                     const CallDevice& device)
    : site_(site), launch_(launch), device_(&device),
      d_(descriptions().take()) {}

GraphCall::~GraphCall() { descriptions().give(d_); }

std::uint32_t GraphCall::fork(std::uint32_t parent, unsigned blocks) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::Fork;
  op.lane = blocks;
  op.parent = parent;
  d_->ops.push_back(op);
  const std::uint32_t first = d_->lane_count;
  d_->open_regions.push_back(first);
  d_->lane_count += blocks;
  return first;
}

void GraphCall::join() {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::Join;
  d_->ops.push_back(op);
  d_->lane_count = d_->open_regions.back();
  d_->open_regions.pop_back();
}

void GraphCall::loop_begin(std::uint32_t lane, LoopHandle loop) {
  GraphDescription::Op op;
  op.kind = GraphDescription::OpKind::LoopBegin;
  op.lane = lane;
  op.parent = static_cast<std::uint32_t>(loop.value);
  d_->ops.push_back(op);
  ++d_->open_loops;
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
    if (d_->loops != 0)
      throw_launch_error(
          site_.kernel(), site_.file(), site_.line(),
          "a graph-mode call with a device-condition loop cannot be captured "
          "into another graph; call it outside the capture, or translate the "
          "kernel in stream mode");
    replay_on_streams(site_, *d_, launch_, *device_);
  } else {
    launch_cached_graph(site_.cache_, site_, *d_, launch_, device_->index());
  }
}

} // namespace detail
} // namespace qd
