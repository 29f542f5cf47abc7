// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fake device's graphs (fake_device.h, "graph mode"): what the graph
// cache needs from a driver, with nodes that run on the calling thread.
#include "fake_device.h"
#include "fake_countdown.h"

#include "backend.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace qd {
namespace fake {
namespace {

constexpr std::uint32_t kGraphMagic = 0x47525048; // "GRPH"
constexpr std::uint32_t kExecMagic = 0x45584543;  // "EXEC"

struct FakeGraph;
constexpr int kChildGraph = -2;

// A node owns copies of its argument values, as a driver's node does. A
// WHILE node (condition >= 0) has a body instead: a graph of its own while
// building, its nodes' copies once instantiated.
struct FakeNode {
  backend::KernelNode kernel;
  std::vector<unsigned char> bytes;
  std::vector<void*> arg_pointers;
  std::vector<unsigned> arg_sizes;
  std::vector<std::size_t> deps;
  std::size_t index = 0;
  // >= 0: a WHILE node's condition (an IF node's, with if_node);
  // kChildGraph: a child graph node, whose nodes `body` holds.
  int condition = -1;
  bool if_node = false;
  // A captured operation other than a kernel node's (a copy, or a kernel
  // the shim launched while its stream was capturing): run on the stream.
  std::function<void(void* stream)> work;
  std::unique_ptr<FakeGraph> body_graph;
  std::vector<std::unique_ptr<FakeNode>> body;

  void set(const backend::KernelNode& k) {
    std::size_t total = 0;
    for (unsigned i = 0; i < k.arg_count; ++i)
      total += (k.arg_sizes[i] + 15) & ~std::size_t{15};
    bytes.assign(total, 0);
    arg_pointers.assign(k.arg_count, nullptr);
    arg_sizes.assign(k.arg_sizes, k.arg_sizes + k.arg_count);
    std::size_t at = 0;
    for (unsigned i = 0; i < k.arg_count; ++i) {
      std::memcpy(bytes.data() + at, k.args[i], k.arg_sizes[i]);
      arg_pointers[i] = bytes.data() + at;
      at += (k.arg_sizes[i] + 15) & ~std::size_t{15};
    }
    kernel = k;
    kernel.args = arg_pointers.data();
    kernel.arg_sizes = arg_sizes.data();
  }
};

constexpr int kMaxDevices = 64; // QD_FAKE_DEVICES' bound

// Each device's context generation: reset_device starts a new one.
std::atomic<std::uint64_t> generations[kMaxDevices];

std::uint64_t generation(int device) noexcept {
  return device >= 0 && device < kMaxDevices
             ? generations[device].load(std::memory_order_relaxed) + 1
             : 0;
}

struct FakeGraph {
  std::uint32_t magic = kGraphMagic;
  int device = 0;
  std::uint64_t generation = 0;
  std::vector<std::unique_ptr<FakeNode>> nodes;
  // The graph whose instantiation runs this one: itself, or the graph
  // holding the WHILE node whose body this is. It numbers the conditions.
  FakeGraph* root = this;
  unsigned conditions = 0;
};

struct FakeExec {
  std::uint32_t magic = kExecMagic;
  int device = 0;
  std::uint64_t generation = 0;
  const FakeGraph* from = nullptr;
  std::vector<std::unique_ptr<FakeNode>> nodes;
  // Each condition's value while the graph runs.
  std::vector<unsigned> conditions;
  // The copy of each node of a WHILE node's body, by the graph's node.
  std::vector<std::pair<const FakeNode*, FakeNode*>> body_copies;
};

// The executable graph running on this thread, whose conditions
// set_conditional sets.
thread_local FakeExec* running = nullptr;

// A condition's handle, as device code receives it: 0 is no handle.
constexpr std::uint64_t kHandleBase = 0x434f4e44'00000000; // "COND"

// A copy of `node` for an executable graph; `copies` receives the copies of
// the nodes of WHILE nodes' bodies.
std::unique_ptr<FakeNode>
copy_node(const FakeNode& node,
          std::vector<std::pair<const FakeNode*, FakeNode*>>& copies) {
  auto copy = std::make_unique<FakeNode>();
  copy->set(node.kernel);
  copy->deps = node.deps;
  copy->index = node.index;
  copy->condition = node.condition;
  copy->if_node = node.if_node;
  copy->work = node.work;
  for (const auto& inner : node.body) // a child graph's nodes
    copy->body.push_back(copy_node(*inner, copies));
  if (node.body_graph)
    for (const auto& inner : node.body_graph->nodes) {
      copy->body.push_back(copy_node(*inner, copies));
      copies.emplace_back(inner.get(), copy->body.back().get());
    }
  return copy;
}

std::atomic<bool> body_updates_refused{false};

std::atomic<unsigned long long> graphs_created{0}, graphs_destroyed{0},
    execs_created{0}, execs_destroyed{0}, kernel_nodes{0}, node_updates{0},
    graph_launches{0}, direct_launches{0}, stale_destroys{0}, while_nodes{0},
    loop_iterations{0}, condition_misuses{0}, if_nodes{0};
std::atomic<unsigned> instantiation_countdown{0}, graph_launch_countdown{0},
    node_update_countdown{0};

std::mutex capturing_mutex;
std::vector<void*> capturing_streams; // guarded by capturing_mutex

// Streams being captured (stream_begin_capture), with the graph each
// capture records and whether a synchronizing call invalidated it.
struct Capture {
  void* stream = nullptr;
  FakeGraph* graph = nullptr;
  bool invalidated = false;
};
std::mutex captures_mutex;
std::vector<Capture> captures; // guarded by captures_mutex
// How many captures are under way: every launch and copy of the shim asks
// capture_work, which takes the lock only when one is, so that the launch
// path stays free of locks (fake_device.h) in the tests without captures.
std::atomic<unsigned> active_captures{0};

std::mutex edges_mutex;
// guarded by edges_mutex
std::vector<std::vector<std::size_t>> edges_of_last;
std::vector<int> priorities_of_last;
bool node_priorities_of_last = false;

// A node's priority as last_instantiated_priorities() lists it: a kernel
// node's, captured work's, or of each node in the body of a conditional or
// child graph node.
void collect_priorities(const std::vector<std::unique_ptr<FakeNode>>& nodes,
                        std::vector<int>& out) {
  for (const auto& node : nodes) {
    if (node->work || node->condition == -1) {
      out.push_back(node->kernel.prioritized ? node->kernel.priority
                                             : kNoNodePriority);
      continue;
    }
    if (node->body_graph)
      collect_priorities(node->body_graph->nodes, out);
    collect_priorities(node->body, out);
  }
}

// Every fake graph and executable graph ever made, so that the ones a device
// reset left behind (a real driver frees them with their context; the fake
// keeps them, so that a late destroy is caught rather than undefined) stay
// reachable, which tells LeakSanitizer they are kept on purpose. Entries of
// destroyed objects are never read.
void keep_reachable(void* object) {
  static std::mutex mutex;
  static std::vector<void*>* const objects = new std::vector<void*>;
  std::lock_guard<std::mutex> lock(mutex);
  objects->push_back(object);
}


FakeGraph* as_graph(void* g, const char* call) {
  auto* graph = static_cast<FakeGraph*>(g);
  if (!graph || graph->magic != kGraphMagic)
    backend::api_failure(call, result_string(kInvalidResourceHandle));
  return graph;
}

FakeExec* as_exec(void* x, const char* call) {
  auto* exec = static_cast<FakeExec*>(x);
  if (!exec || exec->magic != kExecMagic)
    backend::api_failure(call, result_string(kInvalidResourceHandle));
  return exec;
}

// Gives `node`, about to be added to `graph`, its index and its
// dependencies, which must be nodes of `graph` (as the driver checks).
void link(const FakeGraph& graph, FakeNode& node, const void* const* deps,
          std::size_t n, const char* call) {
  node.index = graph.nodes.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto* dep = static_cast<const FakeNode*>(deps[i]);
    if (!dep || dep->index >= graph.nodes.size() ||
        graph.nodes[dep->index].get() != dep)
      backend::api_failure(call, result_string(kInvalidResourceHandle));
    node.deps.push_back(dep->index);
  }
}

// Begins a launch with the fake driver's checks, then runs the kernel.
void run(const backend::KernelNode& k, void* stream, const char* call) {
  if (begin_launch(k.grid, k.block, stream) != kSuccess)
    backend::api_failure(call, result_string(get_last_error()));
  if (!k.host_invoke)
    backend::api_failure(call, "the fake device runs only host kernels");
  k.host_invoke(k.function, k.grid, k.block, k.args);
}

// Runs `nodes` in order; a WHILE node runs its body as long as its condition
// is non-zero, starting from 0 (the default value the runtime asks for).
void run_nodes(FakeExec& exec,
               const std::vector<std::unique_ptr<FakeNode>>& nodes,
               void* stream) {
  for (const auto& node : nodes) {
    if (node->work) {
      node->work(stream);
      continue;
    }
    if (node->condition == kChildGraph) {
      run_nodes(exec, node->body, stream);
      continue;
    }
    if (node->condition < 0) {
      run(node->kernel, stream, "fakeGraphLaunch");
      continue;
    }
    unsigned& value = exec.conditions.at(node->condition);
    if (node->if_node) {
      if (value != 0)
        run_nodes(exec, node->body, stream);
      continue;
    }
    while (value != 0) {
      loop_iterations.fetch_add(1, std::memory_order_relaxed);
      run_nodes(exec, node->body, stream);
    }
  }
}

} // namespace

GraphCounts graph_counts() noexcept {
  GraphCounts c;
  c.graphs_created = graphs_created.load();
  c.graphs_destroyed = graphs_destroyed.load();
  c.execs_created = execs_created.load();
  c.execs_destroyed = execs_destroyed.load();
  c.kernel_nodes = kernel_nodes.load();
  c.node_updates = node_updates.load();
  c.graph_launches = graph_launches.load();
  c.direct_launches = direct_launches.load();
  c.stale_destroys = stale_destroys.load();
  c.while_nodes = while_nodes.load();
  c.if_nodes = if_nodes.load();
  c.loop_iterations = loop_iterations.load();
  c.condition_misuses = condition_misuses.load();
  return c;
}

bool capture_work(void* stream, std::function<void(void* stream)> work) {
  if (active_captures.load(std::memory_order_relaxed) == 0)
    return false;
  std::lock_guard<std::mutex> lock(captures_mutex);
  for (Capture& c : captures) {
    if (c.stream != stream)
      continue;
    auto node = std::make_unique<FakeNode>();
    node->work = std::move(work);
    // CUDA copies the capture stream's priority into the nodes it records.
    node->kernel.prioritized = true;
    node->kernel.priority = stream_priority(stream);
    node->index = c.graph->nodes.size();
    if (!c.graph->nodes.empty()) // a stream's operations, in order
      node->deps.push_back(node->index - 1);
    c.graph->nodes.push_back(std::move(node));
    return true;
  }
  return false;
}

bool invalidate_capture(void* stream) noexcept {
  if (active_captures.load(std::memory_order_relaxed) == 0)
    return false;
  std::lock_guard<std::mutex> lock(captures_mutex);
  for (Capture& c : captures)
    if (c.stream == stream) {
      c.invalidated = true;
      return true;
    }
  return false;
}

void refuse_body_node_updates(bool refused) noexcept {
  body_updates_refused.store(refused, std::memory_order_relaxed);
}

void set_conditional(std::uint64_t handle, unsigned value) noexcept {
  FakeExec* exec = running;
  const std::uint64_t index = handle - kHandleBase;
  if (!exec || handle < kHandleBase || index >= exec->conditions.size()) {
    condition_misuses.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  exec->conditions[index] = value;
}

void reset_device(int device) noexcept {
  if (device >= 0 && device < kMaxDevices)
    generations[device].fetch_add(1, std::memory_order_relaxed);
}

void fail_graph_instantiation(unsigned nth) noexcept {
  instantiation_countdown.store(nth, std::memory_order_relaxed);
}
void fail_graph_launch(unsigned nth) noexcept {
  graph_launch_countdown.store(nth, std::memory_order_relaxed);
}
void fail_node_update(unsigned nth) noexcept {
  node_update_countdown.store(nth, std::memory_order_relaxed);
}

void set_capturing(void* stream, bool capturing) noexcept {
  std::lock_guard<std::mutex> lock(capturing_mutex);
  capturing_streams.erase(std::remove(capturing_streams.begin(),
                                      capturing_streams.end(), stream),
                          capturing_streams.end());
  if (capturing)
    capturing_streams.push_back(stream);
}

std::vector<std::vector<std::size_t>> last_instantiated_edges() {
  std::lock_guard<std::mutex> lock(edges_mutex);
  return edges_of_last;
}
std::vector<int> last_instantiated_priorities() {
  std::lock_guard<std::mutex> lock(edges_mutex);
  return priorities_of_last;
}
bool last_instantiated_with_node_priorities() {
  std::lock_guard<std::mutex> lock(edges_mutex);
  return node_priorities_of_last;
}

} // namespace fake

namespace backend {

bool stream_is_capturing(StreamHandle s) {
  {
    std::lock_guard<std::mutex> lock(fake::captures_mutex);
    for (const fake::Capture& c : fake::captures)
      if (c.stream == s)
        return true;
  }
  std::lock_guard<std::mutex> lock(fake::capturing_mutex);
  for (void* c : fake::capturing_streams)
    if (c == s)
      return true;
  return false;
}

void stream_begin_capture(StreamHandle s) {
  std::lock_guard<std::mutex> lock(fake::captures_mutex);
  for (const fake::Capture& c : fake::captures)
    if (c.stream == s)
      api_failure("fakeStreamBeginCapture", "operation not permitted when stream is capturing");
  fake::Capture c;
  c.stream = s;
  c.graph = static_cast<fake::FakeGraph*>(graph_create());
  fake::captures.push_back(c);
  fake::active_captures.fetch_add(1, std::memory_order_relaxed);
}

GraphHandle stream_end_capture(StreamHandle s) {
  fake::Capture ended;
  {
    std::lock_guard<std::mutex> lock(fake::captures_mutex);
    auto it = std::find_if(fake::captures.begin(), fake::captures.end(),
                           [&](const fake::Capture& c) { return c.stream == s; });
    if (it == fake::captures.end())
      api_failure("fakeStreamEndCapture", "illegal state");
    ended = *it;
    fake::captures.erase(it);
    fake::active_captures.fetch_sub(1, std::memory_order_relaxed);
  }
  if (ended.invalidated) {
    graph_destroy(ended.graph);
    api_failure("fakeStreamEndCapture",
                "operation would make the legacy stream depend on a capturing "
                "blocking stream");
  }
  return ended.graph;
}

std::size_t graph_node_count(GraphHandle g) {
  return fake::as_graph(g, "fakeGraphGetNodes")->nodes.size();
}

NodeHandle graph_add_child_graph_node(GraphHandle g, const NodeHandle* deps,
                                      std::size_t n, GraphHandle child) {
  fake::FakeGraph* graph = fake::as_graph(g, "fakeGraphAddChildGraphNode");
  fake::FakeGraph* from = fake::as_graph(child, "fakeGraphAddChildGraphNode");
  auto node = std::make_unique<fake::FakeNode>();
  fake::link(*graph, *node, deps, n, "fakeGraphAddChildGraphNode");
  node->condition = fake::kChildGraph;
  // Cloned, as the driver clones it.
  std::vector<std::pair<const fake::FakeNode*, fake::FakeNode*>> unused;
  for (const auto& inner : from->nodes)
    node->body.push_back(fake::copy_node(*inner, unused));
  graph->nodes.push_back(std::move(node));
  return graph->nodes.back().get();
}

void graph_exec_set_child_graph(ExecHandle x, NodeHandle n, GraphHandle child) {
  fake::FakeExec* exec = fake::as_exec(x, "fakeGraphExecChildGraphNodeSetParams");
  fake::FakeGraph* from = fake::as_graph(child, "fakeGraphExecChildGraphNodeSetParams");
  auto* node = static_cast<fake::FakeNode*>(n);
  if (!node || node->index >= exec->nodes.size() ||
      exec->from->nodes[node->index].get() != node ||
      node->condition != fake::kChildGraph)
    api_failure("fakeGraphExecChildGraphNodeSetParams",
                fake::result_string(fake::kInvalidResourceHandle));
  fake::FakeNode& target = *exec->nodes[node->index];
  // The driver takes only a graph of the same topology.
  if (target.body.size() != from->nodes.size())
    api_failure("fakeGraphExecChildGraphNodeSetParams", "invalid value");
  std::vector<std::pair<const fake::FakeNode*, fake::FakeNode*>> unused;
  target.body.clear();
  for (const auto& inner : from->nodes)
    target.body.push_back(fake::copy_node(*inner, unused));
  fake::node_updates.fetch_add(1, std::memory_order_relaxed);
}

void launch_kernel(const KernelNode& k, StreamHandle s) {
  fake::run(k, s, "fakeLaunchKernel");
  fake::direct_launches.fetch_add(1, std::memory_order_relaxed);
}

GraphHandle graph_create() {
  auto* graph = new fake::FakeGraph;
  graph->device = current_device();
  graph->generation = fake::generation(graph->device);
  fake::keep_reachable(graph);
  fake::graphs_created.fetch_add(1, std::memory_order_relaxed);
  return graph;
}

NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
                                 std::size_t n, const KernelNode& k) {
  fake::FakeGraph* graph = fake::as_graph(g, "fakeGraphAddKernelNode");
  // What CUDA checks when the node is added.
  if (k.grid == 0 || k.block == 0 || k.block > 1024)
    api_failure("fakeGraphAddKernelNode",
                fake::result_string(fake::kInvalidConfiguration));
  auto node = std::make_unique<fake::FakeNode>();
  node->set(k);
  fake::link(*graph, *node, deps, n, "fakeGraphAddKernelNode");
  graph->nodes.push_back(std::move(node));
  fake::kernel_nodes.fetch_add(1, std::memory_order_relaxed);
  return graph->nodes.back().get();
}

std::uint64_t graph_conditional_handle(GraphHandle g) {
  fake::FakeGraph* graph =
      fake::as_graph(g, "fakeGraphConditionalHandleCreate");
  return fake::kHandleBase + graph->root->conditions++;
}

// A conditional node: WHILE runs its body while the condition is set, IF
// once if it is.
static NodeHandle add_conditional_node(GraphHandle g, const NodeHandle* deps,
                                       std::size_t n, std::uint64_t handle,
                                       GraphHandle& body, bool if_node) {
  fake::FakeGraph* graph = fake::as_graph(g, "fakeGraphAddNode");
  if (handle < fake::kHandleBase ||
      handle - fake::kHandleBase >= graph->root->conditions)
    api_failure("fakeGraphAddNode", "invalid value");
  auto node = std::make_unique<fake::FakeNode>();
  fake::link(*graph, *node, deps, n, "fakeGraphAddNode");
  node->condition = static_cast<int>(handle - fake::kHandleBase);
  node->if_node = if_node;
  node->body_graph = std::make_unique<fake::FakeGraph>();
  node->body_graph->device = graph->device;
  node->body_graph->generation = graph->generation;
  node->body_graph->root = graph->root;
  body = node->body_graph.get();
  graph->nodes.push_back(std::move(node));
  (if_node ? fake::if_nodes : fake::while_nodes)
      .fetch_add(1, std::memory_order_relaxed);
  return graph->nodes.back().get();
}

NodeHandle graph_add_while_node(GraphHandle g, const NodeHandle* deps,
                                std::size_t n, std::uint64_t handle,
                                GraphHandle& body) {
  return add_conditional_node(g, deps, n, handle, body, /*if_node=*/false);
}

NodeHandle graph_add_if_node(GraphHandle g, const NodeHandle* deps,
                             std::size_t n, std::uint64_t handle,
                             GraphHandle& body) {
  return add_conditional_node(g, deps, n, handle, body, /*if_node=*/true);
}

ExecHandle graph_instantiate(GraphHandle g, bool node_priorities) {
  fake::FakeGraph* graph = fake::as_graph(g, "fakeGraphInstantiate");
  // A WHILE node's body is instantiated with the graph that holds it.
  if (graph->root != graph)
    api_failure("fakeGraphInstantiate", "invalid value");
  if (fake::countdown_hits(fake::instantiation_countdown))
    api_failure("fakeGraphInstantiate", "out of memory");
  auto exec = std::make_unique<fake::FakeExec>();
  exec->device = graph->device;
  exec->generation = graph->generation;
  exec->from = graph;
  std::vector<std::vector<std::size_t>> edges;
  for (const auto& node : graph->nodes) {
    exec->nodes.push_back(fake::copy_node(*node, exec->body_copies));
    edges.push_back(node->deps);
  }
  exec->conditions.assign(graph->conditions, 0);
  std::vector<int> priorities;
  fake::collect_priorities(graph->nodes, priorities);
  {
    std::lock_guard<std::mutex> lock(fake::edges_mutex);
    fake::edges_of_last = std::move(edges);
    fake::priorities_of_last = std::move(priorities);
    fake::node_priorities_of_last = node_priorities;
  }
  fake::keep_reachable(exec.get());
  fake::execs_created.fetch_add(1, std::memory_order_relaxed);
  return exec.release();
}

void graph_exec_set_kernel_params(ExecHandle x, NodeHandle n,
                                  const KernelNode& k) {
  fake::FakeExec* exec = fake::as_exec(x, "fakeGraphExecKernelNodeSetParams");
  auto* node = static_cast<fake::FakeNode*>(n);
  fake::FakeNode* target = nullptr;
  if (node && node->index < exec->nodes.size() &&
      exec->from->nodes[node->index].get() == node)
    target = exec->nodes[node->index].get();
  for (const auto& [original, copy] : exec->body_copies)
    if (original == node) {
      if (fake::body_updates_refused.load(std::memory_order_relaxed))
        api_failure("fakeGraphExecKernelNodeSetParams", "invalid value");
      target = copy;
    }
  // A WHILE node is no kernel node.
  if (!target || target->condition >= 0)
    api_failure("fakeGraphExecKernelNodeSetParams",
                fake::result_string(fake::kInvalidResourceHandle));
  if (fake::countdown_hits(fake::node_update_countdown))
    api_failure("fakeGraphExecKernelNodeSetParams", "invalid value");
  target->set(k);
  fake::node_updates.fetch_add(1, std::memory_order_relaxed);
}

void graph_launch(ExecHandle x, StreamHandle s) {
  fake::FakeExec* exec = fake::as_exec(x, "fakeGraphLaunch");
  if (fake::countdown_hits(fake::graph_launch_countdown))
    api_failure("fakeGraphLaunch",
                fake::result_string(fake::kLaunchFailure));
  fake::graph_launches.fetch_add(1, std::memory_order_relaxed);
  // cudaGraphCondAssignDefault: every launch starts from the default.
  std::fill(exec->conditions.begin(), exec->conditions.end(), 0u);
  fake::FakeExec* const outer = fake::running;
  fake::running = exec;
  try {
    fake::run_nodes(*exec, exec->nodes, s);
  } catch (...) {
    fake::running = outer;
    throw;
  }
  fake::running = outer;
}

void graph_exec_destroy(ExecHandle x) noexcept {
  auto* exec = static_cast<fake::FakeExec*>(x);
  if (!exec || exec->magic != fake::kExecMagic)
    return;
  if (exec->generation != fake::generation(exec->device)) {
    // Its context is gone: the real driver would crash here. Keep it, and
    // count the misuse.
    fake::stale_destroys.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  exec->magic = 0;
  delete exec;
  fake::execs_destroyed.fetch_add(1, std::memory_order_relaxed);
}

void graph_destroy(GraphHandle g) noexcept {
  auto* graph = static_cast<fake::FakeGraph*>(g);
  if (!graph || graph->magic != fake::kGraphMagic)
    return;
  if (graph->generation != fake::generation(graph->device)) {
    fake::stale_destroys.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  graph->magic = 0;
  delete graph;
  fake::graphs_destroyed.fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t context_id(int device) noexcept {
  return fake::generation(device);
}

} // namespace backend
} // namespace qd
