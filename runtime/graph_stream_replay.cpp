// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stream replay of a graph-mode call (graph_cache.h): the launches the
// call described, enqueued as stream mode enqueues them. Used when the
// caller is capturing the launch stream (cudaStreamBeginCapture,
// torch.cuda.graph): our launches, forks and joins then become nodes of the
// caller's graph, ordered after what the capture holds so far and before
// what it captures next, which is exactly "joining the capture". Launching
// a graph of our own into a capturing stream would not be captured.
#include "graph_cache.h"

#include <memory>
#include <optional>
#include <vector>

namespace qd {
namespace detail {

void replay_on_streams(const GraphSite& site, const GraphDescription& d,
                       StreamRef launch, const CallDevice& device) {
  // As in stream mode: other threads' calls on this stream enqueue before
  // or after this one, never in between.
  const StreamCallGuard call_guard(launch);
  // The regions being replayed, innermost last. Each declares its guards
  // in this order, so that on unwinding its join runs before its streams
  // and events go back.
  struct Region {
    // A fork with priorities takes its streams from the pools of those
    // priorities; the caller's capture copies each stream's priority into
    // the nodes it records.
    Region(std::size_t blocks, StreamRef parent_stream, const CallDevice& device,
           std::size_t first_lane, const StreamPriority* priorities)
        : parent(parent_stream), first(first_lane),
          streams(blocks, parent_stream, device, priorities),
          events(blocks + 1, device) {
      events.record(0, parent);
      unwind_join.emplace(events, streams, parent);
      for (std::size_t b = 0; b < blocks; ++b)
        events.wait(0, streams[b]);
    }
    StreamRef parent;
    std::size_t first;
    PooledStreams streams;
    PooledEvents events;
    std::optional<RegionUnwindJoin> unwind_join;
  };
  std::vector<std::unique_ptr<Region>> regions;
  // The stream of each lane: lane 0 is the launch stream.
  std::vector<StreamRef> lanes{launch};
  std::vector<void*> pointers;
  for (const GraphDescription::Op& op : d.ops) {
    switch (op.kind) {
    case GraphDescription::OpKind::Fork: {
      regions.push_back(std::make_unique<Region>(
          op.lane, lanes.at(op.parent), device, lanes.size(), op.priorities));
      const Region& r = *regions.back();
      for (std::size_t b = 0; b < op.lane; ++b)
        lanes.push_back(r.streams[b]);
      break;
    }
    case GraphDescription::OpKind::Join: {
      Region& r = *regions.back();
      for (std::size_t b = 0; b < r.streams.size(); ++b) {
        r.events.record(b + 1, r.streams[b]);
        r.events.wait(b + 1, r.parent);
      }
      r.unwind_join.reset();
      lanes.resize(r.first);
      regions.pop_back();
      break;
    }
    case GraphDescription::OpKind::LoopBegin:
    case GraphDescription::OpKind::IfBegin:
    case GraphDescription::OpKind::LoopEnd:
    case GraphDescription::OpKind::HostGraph:
      // GraphCall::submit never replays a description with loops or host
      // code.
      throw_launch_error(site.kernel(), site.file(), site.line(),
                         "a device-condition loop cannot be replayed on streams");
    case GraphDescription::OpKind::Launch: {
      const StreamRef on = lanes.at(op.lane);
      try {
        backend::launch_kernel(kernel_node(d, op, pointers), on.native());
      } catch (const Error&) {
        rethrow_as_launch_failure(site, op.file, op.line);
      }
      break;
    }
    }
  }
}

} // namespace detail
} // namespace qd
