// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The graph cache behind graph mode (qd/detail/graph_call.h): executable
// graphs per entry point, device, launch stream and launch shape.
#ifndef QD_RUNTIME_GRAPH_CACHE_H
#define QD_RUNTIME_GRAPH_CACHE_H

#include "qd/detail/graph_call.h"
#include "qd/detail/launch_support.h"

#include "backend.h"

#include <atomic>
#include <vector>

namespace qd {
namespace detail {

// Launches the work `d` describes on `launch` as one graph: the cached one
// for this shape, its changed arguments updated, or a new one. `slot` is the
// site's pointer to its cache, created here on first use.
void launch_cached_graph(std::atomic<void*>& slot, const GraphSite& site,
                         const GraphDescription& d, StreamRef launch,
                         int device);

// Enqueues the work `d` describes as stream mode would: on `launch` and on
// pooled streams with fork and join events, joining on failure. For a launch
// stream the caller is capturing, whose capture then records these launches
// (graph_stream_replay.cpp).
void replay_on_streams(const GraphSite& site, const GraphDescription& d,
                       StreamRef launch, const CallDevice& device);

// The driver's form of op `op` of `d`; `pointers` receives the argument
// pointers and must outlive the result's use. A LoopHandle argument is
// passed as `handles[its loop]`, stored in `handle`, which must outlive the
// use too.
backend::KernelNode kernel_node(const GraphDescription& d,
                                const GraphDescription::Op& op,
                                std::vector<void*>& pointers,
                                const std::vector<std::uint64_t>& handles = {},
                                LoopHandle* handle = nullptr);

// Rethrows a driver failure of a graph-mode call as the launch failure of
// its kernel, at the launch to blame (or the kernel's pragma).
[[noreturn]] void rethrow_as_launch_failure(const GraphSite& site,
                                            const char* file, unsigned line);

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_GRAPH_CACHE_H
