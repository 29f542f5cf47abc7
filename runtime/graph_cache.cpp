// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The graph cache of graph mode (graph_cache.h). Each graph-mode entry point
// (GraphSite) owns a small cache of executable graphs, keyed by device,
// launch stream and launch shape. A call whose shape is cached costs a lookup
// under the site's lock, one parameter update per kernel node whose
// arguments changed, and one graph launch; a new shape costs building and
// instantiating a graph once.
//
// An executable graph's launches are ordered after each other whatever the
// stream (CUDA: "each launch is ordered behind both any previous work in
// stream and any previous launches of graphExec"), so a graph is never
// shared between launch streams: calls on different streams never wait for
// each other. Within a stream, a graph is lent to one call at a time, from
// its update to its launch; a second thread calling on the same stream and
// shape meanwhile gets a graph of its own.
#include "device_pools.h"
#include "graph_cache.h"
#include "graph_host_reuse.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace qd {
namespace detail {
namespace {

// Set when the process exits (CacheRegistry's destructor).
std::atomic<bool> exiting{false};

struct CachedGraph {
  int device = 0;
  void* stream = nullptr;
  // The device's context when the graph was made (backend::context_id).
  std::uint64_t context = 0;
  // The shape and the argument values the executable graph holds now.
  GraphDescription recorded;
  backend::GraphHandle graph = nullptr;
  backend::ExecHandle exec = nullptr;
  std::vector<backend::NodeHandle> nodes; // per op; null for fork and join
  // The driver's handle of each device-condition loop's condition.
  std::vector<std::uint64_t> handles;
  std::uint64_t last_use = 0;
  bool lent = false;

  CachedGraph() = default;
  CachedGraph(const CachedGraph&) = delete;
  CachedGraph& operator=(const CachedGraph&) = delete;
  ~CachedGraph() { release(); }

  void release() noexcept {
    if (!exec && !graph)
      return;
    // A graph of a context that was destroyed since (cudaDeviceReset, often
    // right before a program exits, or the driver's own teardown) was freed
    // with it: destroying it again would crash inside the driver. When the
    // driver cannot tell, destroy as usual, except at exit, where leaving it
    // to the process's end is safe.
    const bool valid = context != 0
                           ? backend::context_id(device) == context
                           : !exiting.load(std::memory_order_relaxed);
    if (valid) {
      if (exec)
        backend::graph_exec_destroy(exec);
      if (graph)
        backend::graph_destroy(graph);
    }
    exec = nullptr;
    graph = nullptr;
  }
};

struct GraphCache {
  std::mutex mutex;
  std::vector<std::unique_ptr<CachedGraph>> graphs; // at most kGraphsPerSite
  std::uint64_t clock = 0;
};

// Every site's cache, so that exit destroys their graphs. Constructed on the
// first graph-mode call, after the driver's runtime was initialized by that
// call's device lookup, so it is destroyed before the driver's own teardown.
// Destroying after the driver has gone is harmless too: the backend ignores
// errors from destroy calls.
struct CacheRegistry {
  std::mutex mutex;
  std::vector<GraphCache*> caches;

  ~CacheRegistry() {
    exiting.store(true, std::memory_order_relaxed);
    release();
  }

  void release() noexcept {
    std::lock_guard<std::mutex> lock(mutex);
    for (GraphCache* cache : caches) {
      std::lock_guard<std::mutex> cache_lock(cache->mutex);
      // Graphs lent to a call in flight stay; that call gives them back.
      auto lent = std::stable_partition(
          cache->graphs.begin(), cache->graphs.end(),
          [](const std::unique_ptr<CachedGraph>& g) { return g->lent; });
      cache->graphs.erase(lent, cache->graphs.end());
    }
  }
};

CacheRegistry& registry() {
  static CacheRegistry instance;
  return instance;
}

GraphCache& cache_of(std::atomic<void*>& slot) {
  if (void* existing = slot.load(std::memory_order_acquire))
    return *static_cast<GraphCache*>(existing);
  CacheRegistry& caches = registry();
  std::lock_guard<std::mutex> lock(caches.mutex);
  if (void* existing = slot.load(std::memory_order_acquire))
    return *static_cast<GraphCache*>(existing);
  // Never deleted: a site is a static of generated code, and a call may
  // still arrive during static destruction.
  auto* cache = new GraphCache;
  caches.caches.push_back(cache);
  slot.store(cache, std::memory_order_release);
  return *cache;
}

bool same_arguments(const GraphDescription& a, const GraphDescription& b,
                    std::size_t op) {
  const auto [begin, end] = a.arg_range(a.ops[op]);
  return std::memcmp(a.bytes.data() + begin, b.bytes.data() + begin,
                     end - begin) == 0;
}

// The loop whose LoopHandle op `op` passes, as recorded.
std::uint32_t loop_of(const GraphDescription& d, const GraphDescription::Op& op) {
  LoopHandle recorded;
  std::memcpy(&recorded,
              d.bytes.data() + d.arg_offsets[op.first_arg + op.handle_arg],
              sizeof recorded);
  return static_cast<std::uint32_t>(recorded.value);
}

bool same_shape(const GraphDescription& a, const GraphDescription& b) {
  if (a.ops.size() != b.ops.size())
    return false;
  for (std::size_t i = 0; i < a.ops.size(); ++i)
    if (!a.ops[i].same_shape(b.ops[i]))
      return false;
  return true;
}

// Whether a fork of `d` gives blocks priorities: then the graph runs on its
// nodes' priorities.
bool has_priorities(const GraphDescription& d) {
  for (const GraphDescription::Op& op : d.ops)
    if (op.kind == GraphDescription::OpKind::Fork && op.priorities)
      return true;
  return false;
}

// The driver's priority of each lane, as stream mode runs it: lane 0 at the
// launch stream's, a block at its pool's (normal: the default, 0).
struct LanePriorities {
  int least = 0, greatest = 0; // the device's range, asked once per build
  std::vector<int> lanes;

  explicit LanePriorities(void* launch)
      : lanes(1, backend::stream_priority(launch)) {
    backend::stream_priority_range(least, greatest);
  }

  void fork(const GraphDescription::Op& op) {
    for (std::uint32_t b = 0; b < op.lane; ++b)
      lanes.push_back(driver_stream_priority(
          op.priorities ? op.priorities[b] : StreamPriority::normal, least,
          greatest));
  }
};

// Adds the nodes of `d` to `g.graph`, with the dependencies that stream mode's
// order, forks and joins give, and instantiates it. A loop's body goes into
// its WHILE node's body graph, where its lanes start with no dependencies.
//
// A graph whose forks give blocks priorities gives every kernel node its
// lane's priority and is instantiated to use them (the driver would
// otherwise run every node at the launch stream's priority); its nodes in
// conditional bodies get theirs the same way. One without keeps the
// driver's defaults, as before priorities existed.
void build(CachedGraph& g, const GraphSite& site, const GraphDescription& d) {
  g.context = backend::context_id(g.device);
  std::optional<LanePriorities> priorities;
  try {
    if (has_priorities(d))
      priorities.emplace(g.stream);
    g.graph = backend::graph_create();
  } catch (const Error&) {
    rethrow_as_launch_failure(site, site.file(), site.line());
  }
  g.nodes.assign(d.ops.size(), nullptr);
  g.handles.assign(d.loops, 0);
  // What each lane's next node depends on: lane 0 is the launch stream.
  std::vector<std::vector<backend::NodeHandle>> lanes(1);
  // Regions not yet joined, innermost last: their parent and first lane.
  std::vector<std::pair<std::size_t, std::size_t>> open;
  // Loops not yet ended, innermost last: the graph and lanes around them.
  struct OpenLoop {
    backend::GraphHandle graph;
    std::vector<std::vector<backend::NodeHandle>> lanes;
    backend::NodeHandle node;
  };
  std::vector<OpenLoop> loops;
  // The first host code captured into a conditional node's body, for the
  // message if the driver refuses the graph.
  const char* host_code_in_loop = nullptr;
  unsigned host_code_line = 0;
  backend::GraphHandle graph = g.graph;
  // A loop's condition is made on the graph that holds its node, on its
  // first use: the test launch before the loop, at the same level.
  auto condition = [&](std::uint32_t loop) {
    std::uint64_t& handle = g.handles.at(loop);
    if (handle == 0)
      handle = backend::graph_conditional_handle(graph);
    return handle;
  };
  std::vector<void*> pointers;
  LoopHandle handle;
  for (std::size_t i = 0; i < d.ops.size(); ++i) {
    const GraphDescription::Op& op = d.ops[i];
    switch (op.kind) {
    case GraphDescription::OpKind::Fork: {
      const std::size_t first = lanes.size();
      open.emplace_back(op.parent, first);
      lanes.resize(first + op.lane, lanes.at(op.parent));
      if (priorities)
        priorities->fork(op);
      break;
    }
    case GraphDescription::OpKind::Join: {
      const auto [parent, first] = open.back();
      open.pop_back();
      std::vector<backend::NodeHandle> all;
      for (std::size_t b = first; b < lanes.size(); ++b)
        all.insert(all.end(), lanes[b].begin(), lanes[b].end());
      // A block without launches still depends on the fork only.
      std::sort(all.begin(), all.end());
      all.erase(std::unique(all.begin(), all.end()), all.end());
      if (!all.empty())
        lanes[parent] = std::move(all);
      lanes.resize(first);
      if (priorities)
        priorities->lanes.resize(first);
      break;
    }
    case GraphDescription::OpKind::LoopBegin:
    case GraphDescription::OpKind::IfBegin: {
      const std::vector<backend::NodeHandle>& deps = lanes.at(op.lane);
      backend::GraphHandle body = nullptr;
      try {
        g.nodes[i] =
            op.kind == GraphDescription::OpKind::IfBegin
                ? backend::graph_add_if_node(graph, deps.data(), deps.size(),
                                             condition(op.parent), body)
                : backend::graph_add_while_node(graph, deps.data(),
                                                deps.size(),
                                                condition(op.parent), body);
      } catch (const Error&) {
        rethrow_as_launch_failure(site, site.file(), site.line());
      }
      loops.push_back({graph, lanes, g.nodes[i]});
      graph = body;
      for (std::vector<backend::NodeHandle>& lane : lanes)
        lane.clear();
      break;
    }
    case GraphDescription::OpKind::HostGraph: {
      std::vector<backend::NodeHandle>& deps = lanes.at(op.lane);
      if (!loops.empty() && !host_code_in_loop) {
        host_code_in_loop = op.file;
        host_code_line = op.line;
      }
      try {
        g.nodes[i] = backend::graph_add_child_graph_node(
            graph, deps.data(), deps.size(), op.graph);
      } catch (const Error&) {
        rethrow_as_launch_failure(site, op.file, op.line);
      }
      deps.assign(1, g.nodes[i]);
      break;
    }
    case GraphDescription::OpKind::LoopEnd: {
      graph = loops.back().graph;
      lanes = std::move(loops.back().lanes);
      lanes.at(op.lane).assign(1, loops.back().node);
      loops.pop_back();
      break;
    }
    case GraphDescription::OpKind::Launch: {
      std::vector<backend::NodeHandle>& deps = lanes.at(op.lane);
      try {
        if (op.handle_arg >= 0)
          condition(loop_of(d, op));
        backend::KernelNode k =
            kernel_node(d, op, pointers, g.handles, &handle);
        if (priorities) {
          k.prioritized = true;
          k.priority = priorities->lanes.at(op.lane);
        }
        g.nodes[i] =
            backend::graph_add_kernel_node(graph, deps.data(), deps.size(), k);
      } catch (const Error&) {
        rethrow_as_launch_failure(site, op.file, op.line);
      }
      deps.assign(1, g.nodes[i]);
      break;
    }
    }
  }
  try {
    g.exec = backend::graph_instantiate(g.graph, priorities.has_value());
  } catch (const Error& e) {
    // The likely cause, named: CUDA accepts only kernel, memcpy, memset,
    // empty and child-graph nodes in a conditional node's body, and a
    // library's capture may hold others (NCCL between two or more GPUs).
    if (host_code_in_loop)
      throw_launch_error(
          site.kernel(), host_code_in_loop, host_code_line,
          (e.call() + ": " + e.driver_message() +
           "; the work this '#pragma qd host' statement captured is in the "
           "body of a loop's conditional node, where CUDA allows only "
           "kernel, memcpy, memset, empty and child-graph nodes (a library "
           "such as NCCL between several GPUs captures others): translate "
           "this kernel without graph mode")
              .c_str());
    rethrow_as_launch_failure(site, site.file(), site.line());
  }
}

// Brings `g`'s arguments up to `d`'s: one update per node whose values
// differ, and one per host code's captured graph. False when the driver
// refused to update a node of a WHILE node's body (a driver that updates
// only the graph's own kernel nodes) or a captured graph (host code that
// enqueued other work this time): the caller builds the graph again, which
// is always right, only slower.
bool update(CachedGraph& g, const GraphSite& site, const GraphDescription& d) {
  std::vector<void*> pointers;
  LoopHandle handle;
  for (std::size_t i = 0; i < d.ops.size(); ++i) {
    const GraphDescription::Op& op = d.ops[i];
    // Host code was captured again: its graph is new each call, unless a
    // 'reuse' statement's capture is the one the node holds already.
    if (op.kind == GraphDescription::OpKind::HostGraph) {
      GraphDescription::Op& held = g.recorded.ops[i];
      if (op.capture_id != 0 && held.capture_id == op.capture_id)
        continue;
      try {
        backend::graph_exec_set_child_graph(g.exec, g.nodes[i], op.graph);
      } catch (const Error&) {
        return false; // another topology: built again
      }
      held.capture_id = op.capture_id;
      continue;
    }
    if (op.kind != GraphDescription::OpKind::Launch ||
        same_arguments(d, g.recorded, i))
      continue;
    if (op.in_loop) {
      try {
        backend::graph_exec_set_kernel_params(
            g.exec, g.nodes[i], kernel_node(d, op, pointers, g.handles, &handle));
      } catch (const Error&) {
        return false;
      }
      continue;
    }
    try {
      backend::graph_exec_set_kernel_params(
          g.exec, g.nodes[i], kernel_node(d, op, pointers, g.handles, &handle));
    } catch (const Error&) {
      rethrow_as_launch_failure(site, op.file, op.line);
    }
  }
  return true;
}

// The least recently used graph not lent to a call, or end().
std::vector<std::unique_ptr<CachedGraph>>::iterator
least_recently_used(GraphCache& cache) {
  auto oldest = cache.graphs.end();
  for (auto it = cache.graphs.begin(); it != cache.graphs.end(); ++it)
    if (!(*it)->lent &&
        (oldest == cache.graphs.end() || (*it)->last_use < (*oldest)->last_use))
      oldest = it;
  return oldest;
}

// Lends the call a graph of its shape: a cached one, or a new empty one
// (exec null) that the caller builds. Evicts the least recently used graph
// not lent when the cache is full. (When every cached graph is lent, the new
// one is added anyway, and the cache shrinks back to its bound as they are
// given back.)
CachedGraph* lend(GraphCache& cache, const GraphDescription& d, void* stream,
                  int device, std::unique_ptr<CachedGraph>& evicted) {
  std::lock_guard<std::mutex> lock(cache.mutex);
  ++cache.clock;
  for (const std::unique_ptr<CachedGraph>& g : cache.graphs) {
    if (g->lent || g->device != device || g->stream != stream ||
        !same_shape(g->recorded, d))
      continue;
    g->lent = true;
    g->last_use = cache.clock;
    return g.get();
  }
  if (cache.graphs.size() >= kGraphsPerSite) {
    auto oldest = least_recently_used(cache);
    if (oldest != cache.graphs.end()) {
      evicted = std::move(*oldest); // destroyed by the caller, unlocked
      cache.graphs.erase(oldest);
    }
  }
  auto fresh = std::make_unique<CachedGraph>();
  fresh->device = device;
  fresh->stream = stream;
  fresh->lent = true;
  fresh->last_use = cache.clock;
  cache.graphs.push_back(std::move(fresh));
  return cache.graphs.back().get();
}

// Gives a lent graph back; `broken` drops it from the cache (a graph whose
// build or update failed is in an unknown state). Brings the cache back to
// its bound if calls in flight made it grow past it.
void give_back(GraphCache& cache, CachedGraph* g, bool broken) {
  std::unique_ptr<CachedGraph> dropped, surplus;
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = std::find_if(
        cache.graphs.begin(), cache.graphs.end(),
        [&](const std::unique_ptr<CachedGraph>& p) { return p.get() == g; });
    if (it == cache.graphs.end())
      return;
    (*it)->lent = false;
    if (broken) {
      dropped = std::move(*it);
      cache.graphs.erase(it);
    }
    if (cache.graphs.size() > kGraphsPerSite) {
      auto oldest = least_recently_used(cache);
      surplus = std::move(*oldest); // the one just given back, at least
      cache.graphs.erase(oldest);
    }
  }
}

} // namespace

backend::KernelNode kernel_node(const GraphDescription& d,
                                const GraphDescription::Op& op,
                                std::vector<void*>& pointers,
                                const std::vector<std::uint64_t>& handles,
                                LoopHandle* handle) {
  pointers.resize(op.arg_count);
  for (std::uint32_t a = 0; a < op.arg_count; ++a)
    pointers[a] = const_cast<unsigned char*>(d.bytes.data()) +
                  d.arg_offsets[op.first_arg + a];
  if (op.handle_arg >= 0) {
    handle->value = handles.at(loop_of(d, op));
    pointers[op.handle_arg] = handle;
  }
  backend::KernelNode k;
  k.function = op.function;
  k.grid = op.grid;
  k.block = op.block;
  k.args = pointers.data();
  k.arg_sizes = d.arg_sizes.data() + op.first_arg;
  k.arg_count = op.arg_count;
  k.host_invoke = op.host_invoke;
  return k;
}

void rethrow_as_launch_failure(const GraphSite& site, const char* file,
                               unsigned line) {
  try {
    throw;
  } catch (const Error& e) {
    const std::string message =
        e.call().empty() ? e.what() : e.call() + ": " + e.driver_message();
    throw_launch_error(site.kernel(), file, line, message.c_str());
  }
}

void launch_cached_graph(std::atomic<void*>& slot, const GraphSite& site,
                         const GraphDescription& d, StreamRef launch,
                         int device) {
  GraphCache& cache = cache_of(slot);
  std::unique_ptr<CachedGraph> evicted;
  CachedGraph* g = lend(cache, d, launch.native(), device, evicted);
  evicted.reset();
  try {
    // `recorded` changes only once the driver holds d's values; a graph
    // whose build or update failed is dropped below.
    if (g->exec && !update(*g, site, d))
      g->release();
    if (!g->exec) {
      build(*g, site, d);
      g->recorded = d;
    } else {
      // Same kernels, so the same argument layout: only the values change.
      g->recorded.bytes = d.bytes;
    }
  } catch (...) {
    give_back(cache, g, /*broken=*/true);
    throw;
  }
  try {
    backend::graph_launch(g->exec, launch.native());
  } catch (const Error&) {
    // The graph itself is sound; only this launch failed.
    give_back(cache, g, /*broken=*/false);
    rethrow_as_launch_failure(site, site.file(), site.line());
  }
  give_back(cache, g, /*broken=*/false);
}

std::size_t cached_graph_count() {
  CacheRegistry& caches = registry();
  std::lock_guard<std::mutex> lock(caches.mutex);
  std::size_t n = 0;
  for (GraphCache* cache : caches.caches) {
    std::lock_guard<std::mutex> cache_lock(cache->mutex);
    n += cache->graphs.size();
  }
  return n;
}

void release_cached_graphs() noexcept {
  registry().release();
  release_reused_captures();
}

} // namespace detail

void release_graphs() noexcept { detail::release_cached_graphs(); }

} // namespace qd
