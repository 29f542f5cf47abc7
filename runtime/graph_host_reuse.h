// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The captures of '#pragma qd host reuse' statements (qd::detail::HostReuse):
// kept per statement, device and key, and shared by the calls that record
// them, so that a call whose key an earlier call had records that capture
// without running the statement (docs/pragmas.md, decision 44).
#ifndef QD_RUNTIME_GRAPH_HOST_REUSE_H
#define QD_RUNTIME_GRAPH_HOST_REUSE_H

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace qd {
namespace detail {

// One capture of a 'reuse' statement. `graph` is null when the statement
// enqueued nothing. Destroyed with its last holder: the statement's store
// and the calls that recorded it and have not yet submitted.
struct SharedCapture {
  void* graph = nullptr;
  std::uint64_t id = 0;        // never 0: GraphDescription::Op::capture_id
  int device = 0;
  std::uint64_t context = 0;   // backend::context_id when captured

  SharedCapture() = default;
  SharedCapture(const SharedCapture&) = delete;
  SharedCapture& operator=(const SharedCapture&) = delete;
  ~SharedCapture();
};

// The capture the statement whose store is `slot` keeps for `key` on
// `device`, or null. A capture of a device context that is gone (a device
// reset since) is dropped, not returned.
std::shared_ptr<SharedCapture> find_reused_capture(std::atomic<void*>& slot,
                                                   int device,
                                                   const std::string& key);

// Keeps `graph` (owned from here on; may be null) as the statement's
// capture for `key` on `device`, evicting its least recently used key past
// kReusedCaptures, and returns it.
std::shared_ptr<SharedCapture> keep_reused_capture(std::atomic<void*>& slot,
                                                   int device, std::string key,
                                                   void* graph);

// Drops every statement's captures (release_cached_graphs()).
void release_reused_captures() noexcept;

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_GRAPH_HOST_REUSE_H
