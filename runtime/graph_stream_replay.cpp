// The stream replay of a graph-mode call (graph_cache.h): the launches the
// call described, enqueued as stream mode enqueues them. Used when the
// caller is capturing the launch stream (cudaStreamBeginCapture,
// torch.cuda.graph): our launches, forks and joins then become nodes of the
// caller's graph, ordered after what the capture holds so far and before
// what it captures next, which is exactly "joining the capture". Launching
// a graph of our own into a capturing stream would not be captured.
#include "graph_cache.h"

#include <optional>

namespace qd {
namespace detail {

void replay_on_streams(const GraphSite& site, const GraphDescription& d,
                       StreamRef launch, const CallDevice& device) {
  // As in stream mode: other threads' calls on this stream enqueue before
  // or after this one, never in between.
  const StreamCallGuard call_guard(launch);
  // The region being replayed; declared in this order so that on unwinding
  // the join guard runs before the streams and events go back.
  std::optional<PooledStreams> streams;
  std::optional<PooledEvents> events;
  std::optional<RegionUnwindJoin> unwind_join;
  std::vector<void*> pointers;
  for (const GraphDescription::Op& op : d.ops) {
    switch (op.kind) {
    case GraphDescription::OpKind::Fork:
      streams.emplace(op.lane, launch, device);
      events.emplace(std::size_t{op.lane} + 1, device);
      events->record(0, launch);
      unwind_join.emplace(*events, *streams, launch);
      for (std::size_t b = 0; b < op.lane; ++b)
        events->wait(0, (*streams)[b]);
      break;
    case GraphDescription::OpKind::Join:
      for (std::size_t b = 0; b < streams->size(); ++b) {
        events->record(b + 1, (*streams)[b]);
        events->wait(b + 1, launch);
      }
      unwind_join.reset();
      events.reset();
      streams.reset();
      break;
    case GraphDescription::OpKind::Launch: {
      const StreamRef on = op.lane == 0 ? launch : (*streams)[op.lane - 1];
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
