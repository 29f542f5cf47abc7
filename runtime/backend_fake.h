// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The test-only fake device layer's spelling of the primitives listed in
// backend.h; implemented in fake_device.cpp (see fake_device.h for what the
// fake models). Only qd_runtime_fake is built with QD_BACKEND_FAKE.
#ifndef QD_RUNTIME_BACKEND_FAKE_H
#define QD_RUNTIME_BACKEND_FAKE_H

#include <cstddef>
#include <cstdint>

namespace qd {
namespace backend {

inline constexpr const char* kName = "fake";
// Fake devices have multiprocessors, so grid_size takes the GPU path.
inline constexpr bool kHasMultiprocessors = true;

int device_count();
int current_device();
void set_device(int device);
int multiprocessor_count(int device);
void device_synchronize();
StreamHandle stream_create_non_blocking();
StreamHandle stream_create_with_priority(int priority);
void stream_priority_range(int& least, int& greatest); // fake::kLeastPriority...
int stream_priority(StreamHandle s);
void stream_synchronize(StreamHandle s);
void stream_destroy(StreamHandle s) noexcept;
EventHandle event_create(bool timing);
void event_destroy(EventHandle e) noexcept;
void event_record(EventHandle e, StreamHandle s);
void stream_wait_event(StreamHandle s, EventHandle e);
void event_synchronize(EventHandle e);
bool event_query(EventHandle e);
float event_elapsed_ms(EventHandle start, EventHandle end);
void* device_malloc(std::size_t bytes);
void device_free(void* p) noexcept;
void memcpy_host_to_device_async(void* dst, const void* src, std::size_t bytes,
                                 StreamHandle s);
void memcpy_device_to_host_async(void* dst, const void* src, std::size_t bytes,
                                 StreamHandle s);
void* pool_malloc_async(int device, std::size_t bytes, StreamHandle s);
void pool_free_async(void* p, StreamHandle s) noexcept;
void memset_async(void* p, int value, std::size_t bytes, StreamHandle s);
// From the fake's registry of device_malloc allocations and of host memory
// registered through fake::register_host_memory.
bool device_accessible(const void* p);

// Graph mode (fake_graph.cpp): graphs of kernel nodes that run their host
// invokers in node order when launched.
bool stream_is_capturing(StreamHandle s);
void launch_kernel(const KernelNode& k, StreamHandle s);
GraphHandle graph_create();
NodeHandle graph_add_kernel_node(GraphHandle g, const NodeHandle* deps,
                                 std::size_t n, const KernelNode& k);
std::uint64_t graph_conditional_handle(GraphHandle g);
NodeHandle graph_add_while_node(GraphHandle g, const NodeHandle* deps,
                                std::size_t n, std::uint64_t handle,
                                GraphHandle& body);
NodeHandle graph_add_if_node(GraphHandle g, const NodeHandle* deps,
                             std::size_t n, std::uint64_t handle,
                             GraphHandle& body);
void stream_begin_capture(StreamHandle s);
GraphHandle stream_end_capture(StreamHandle s);
std::size_t graph_node_count(GraphHandle g);
NodeHandle graph_add_child_graph_node(GraphHandle g, const NodeHandle* deps,
                                      std::size_t n, GraphHandle child);
void graph_exec_set_child_graph(ExecHandle x, NodeHandle node,
                                GraphHandle child);
ExecHandle graph_instantiate(GraphHandle g, bool node_priorities);
void graph_exec_set_kernel_params(ExecHandle x, NodeHandle node,
                                  const KernelNode& k);
void graph_launch(ExecHandle x, StreamHandle s);
void graph_exec_destroy(ExecHandle x) noexcept;
void graph_destroy(GraphHandle g) noexcept;
std::uint64_t context_id(int device) noexcept;

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_BACKEND_FAKE_H
