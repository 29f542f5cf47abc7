// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The store behind '#pragma qd host reuse' (graph_host_reuse.h).
#include "graph_host_reuse.h"

#include "qd/detail/graph_call.h"

#include "backend.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

namespace qd {
namespace detail {
namespace {

struct ReuseStore {
  struct Entry {
    int device = 0;
    std::string key;
    std::shared_ptr<SharedCapture> capture;
  };
  std::mutex mutex;
  std::vector<Entry> entries; // least recently used first
};

// Every statement's store, for release_reused_captures(). Never destroyed:
// a store is reached from a static of generated code, and a call may still
// arrive during static destruction; what it holds at exit is left to the
// process's end, as the driver may be gone by then.
struct ReuseRegistry {
  std::mutex mutex;
  std::vector<ReuseStore*> stores;
};

ReuseRegistry& registry() {
  static ReuseRegistry* const all = new ReuseRegistry;
  return *all;
}

ReuseStore& store_of(std::atomic<void*>& slot) {
  if (void* existing = slot.load(std::memory_order_acquire))
    return *static_cast<ReuseStore*>(existing);
  ReuseRegistry& all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (void* existing = slot.load(std::memory_order_acquire))
    return *static_cast<ReuseStore*>(existing);
  auto* store = new ReuseStore;
  all.stores.push_back(store);
  slot.store(store, std::memory_order_release);
  return *store;
}

std::atomic<std::uint64_t> next_capture_id{1};

} // namespace

SharedCapture::~SharedCapture() {
  // A graph of a context destroyed since was freed with it.
  if (graph && (context == 0 || backend::context_id(device) == context))
    backend::graph_destroy(graph);
}

std::shared_ptr<SharedCapture> find_reused_capture(std::atomic<void*>& slot,
                                                   int device,
                                                   const std::string& key) {
  ReuseStore& store = store_of(slot);
  std::shared_ptr<SharedCapture> dropped; // destroyed outside the lock
  std::lock_guard<std::mutex> lock(store.mutex);
  auto it = std::find_if(store.entries.begin(), store.entries.end(),
                         [&](const ReuseStore::Entry& e) {
                           return e.device == device && e.key == key;
                         });
  if (it == store.entries.end())
    return nullptr;
  if (it->capture->context != 0 &&
      backend::context_id(device) != it->capture->context) {
    dropped = std::move(it->capture);
    store.entries.erase(it);
    return nullptr;
  }
  // Most recently used last.
  std::rotate(it, it + 1, store.entries.end());
  return store.entries.back().capture;
}

std::shared_ptr<SharedCapture> keep_reused_capture(std::atomic<void*>& slot,
                                                   int device, std::string key,
                                                   void* graph) {
  std::shared_ptr<SharedCapture> capture;
  try {
    capture = std::make_shared<SharedCapture>();
  } catch (...) {
    if (graph)
      backend::graph_destroy(graph);
    throw;
  }
  capture->graph = graph;
  capture->id = next_capture_id.fetch_add(1, std::memory_order_relaxed);
  capture->device = device;
  capture->context = backend::context_id(device);
  ReuseStore& store = store_of(slot);
  std::vector<std::shared_ptr<SharedCapture>> dropped;
  std::lock_guard<std::mutex> lock(store.mutex);
  // Two threads that captured the same key at once: the later one stays.
  for (auto it = store.entries.begin(); it != store.entries.end();) {
    if (it->device == device && it->key == key) {
      dropped.push_back(std::move(it->capture));
      it = store.entries.erase(it);
    } else {
      ++it;
    }
  }
  std::size_t on_device = 0;
  for (const ReuseStore::Entry& e : store.entries)
    on_device += e.device == device;
  if (on_device >= kReusedCaptures) {
    auto oldest = std::find_if(
        store.entries.begin(), store.entries.end(),
        [&](const ReuseStore::Entry& e) { return e.device == device; });
    dropped.push_back(std::move(oldest->capture));
    store.entries.erase(oldest);
  }
  store.entries.push_back({device, std::move(key), capture});
  return capture;
}

void release_reused_captures() noexcept {
  ReuseRegistry& all = registry();
  std::vector<std::shared_ptr<SharedCapture>> dropped;
  std::lock_guard<std::mutex> lock(all.mutex);
  for (ReuseStore* store : all.stores) {
    std::lock_guard<std::mutex> store_lock(store->mutex);
    for (ReuseStore::Entry& e : store->entries)
      dropped.push_back(std::move(e.capture));
    store->entries.clear();
  }
}

} // namespace detail
} // namespace qd
