// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fake device layer (fake_device.h): the backend primitives of
// backend_fake.h and the test API of qd::fake.
#include "fake_device.h"
#include "fake_countdown.h"

#include "backend.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace qd {
namespace fake {
namespace {

// Tags that tell a fake stream from a fake event (or from anything else a
// test might pass) without a registry lookup, which would need a lock.
constexpr std::uint32_t kStreamMagic = 0x5354524d; // "STRM"
constexpr std::uint32_t kEventMagic = 0x4556544e;  // "EVTN"
constexpr std::uint32_t kPoolMagic = 0x504f4f4c;   // "POOL"

// A stream-ordered pool allocation is host memory behind a header that
// identifies it, so that freeing anything else is reported as a misuse.
// 256 bytes keep the caller's memory aligned as cudaMalloc's is.
constexpr std::size_t kPoolAlignment = 256;
struct PoolHeader {
  std::uint32_t magic = kPoolMagic;
  int device = 0;
  std::size_t bytes = 0;
};
static_assert(sizeof(PoolHeader) <= kPoolAlignment);

struct FakeStream;

struct DeviceState {
  // Ticks on every launch and synchronization of the device, ordering them:
  // a stream is busy when its last launch came after both its own last
  // synchronization and the device's.
  std::atomic<std::uint64_t> clock{1};
  std::atomic<std::uint64_t> synchronized_at{0};
  std::atomic<std::uint64_t> default_stream_launch{0};
  std::atomic<std::size_t> streams_created{0}, streams_destroyed{0},
      streams_destroyed_busy{0}, events_created{0}, events_destroyed{0};
  std::atomic<unsigned long long> launches{0}, failed_launches{0},
      failed_creations{0};
  std::atomic<std::size_t> pool_allocations{0}, pool_frees{0},
      pool_bytes_in_use{0};
  std::atomic<unsigned long long> failed_pool_allocations{0}, memsets{0};
  std::atomic<unsigned long long> stream_waits{0};
  std::atomic<std::size_t> device_allocations{0}, device_frees{0};
  std::atomic<unsigned long long> copies_to_device{0}, bytes_to_device{0},
      copies_to_host{0}, bytes_to_host{0}, default_stream_synchronizations{0};
  // Deferred work (fake::defer) of the device's streams, in the order it
  // was deferred. `deferred` counts it, so that the stream and launch paths
  // take the lock only in the tests that defer work.
  std::atomic<std::size_t> deferred{0};
  std::mutex deferred_mutex;
  std::vector<std::pair<FakeStream*, std::function<void()>>> deferred_work;
};

struct FakeStream {
  std::uint32_t magic = kStreamMagic;
  int device = 0;
  int priority = 0;
  std::atomic<bool> destroyed{false};
  std::atomic<const void*> owner{nullptr};
  std::atomic<std::uint64_t> last_launch{0};
  std::atomic<std::uint64_t> synchronized_at{0};
  std::atomic<std::size_t> deferred{0}; // its entries in deferred_work
};

struct FakeEvent {
  std::uint32_t magic = kEventMagic;
  int device = 0;
  bool timing = false;
  std::atomic<bool> destroyed{false};
  std::atomic<const void*> owner{nullptr};
  // steady_clock nanoseconds of the latest record; -1 = never recorded.
  std::atomic<std::int64_t> recorded_ns{-1};
};

int devices_from_environment() {
  const char* text = std::getenv("QD_FAKE_DEVICES");
  if (!text || !*text)
    return 2;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  if (*end != '\0' || n < 1 || n > 64)
    throw Error(std::string("QD_FAKE_DEVICES=") + text +
                " is not a device count from 1 to 64");
  return static_cast<int>(n);
}

struct Devices {
  int count;
  DeviceState* state;
};

const Devices& devices() {
  // Never destroyed, like the pools that refer to it.
  static const Devices instance = [] {
    const int n = devices_from_environment();
    return Devices{n, new DeviceState[static_cast<std::size_t>(n)]};
  }();
  return instance;
}

DeviceState& device_state(int device) {
  const Devices& d = devices();
  if (device < 0 || device >= d.count)
    throw Error("no fake device " + std::to_string(device));
  return d.state[device];
}

thread_local int current = 0;
thread_local int last_error = kSuccess;
thread_local PoolOperation last_allocation, last_free;

std::atomic<unsigned long long> misuse_count{0};

// Destroyed streams and events are kept, so that a later use finds their
// destroyed flag; holding them here keeps them reachable, which tells
// LeakSanitizer that they are kept on purpose.
void keep_destroyed(const void* object) noexcept {
  static std::mutex mutex;
  static std::vector<const void*>* kept = new std::vector<const void*>;
  std::lock_guard<std::mutex> lock(mutex);
  try {
    kept->push_back(object);
  } catch (const std::bad_alloc&) {
    // Then it is merely leaked; a test process ends soon anyway.
  }
}
std::atomic<unsigned> stream_creation_countdown{0};
std::atomic<unsigned> event_creation_countdown{0};
std::atomic<unsigned> launch_countdown{0};
std::atomic<unsigned> pool_allocation_countdown{0};
std::atomic<unsigned> memset_countdown{0};


[[noreturn]] void misuse(const char* call) {
  misuse_count.fetch_add(1, std::memory_order_relaxed);
  backend::api_failure(call, result_string(kInvalidResourceHandle));
}

FakeStream* as_stream(void* handle) noexcept {
  auto* s = static_cast<FakeStream*>(handle);
  return s && s->magic == kStreamMagic ? s : nullptr;
}

FakeEvent* as_event(void* handle) noexcept {
  auto* e = static_cast<FakeEvent*>(handle);
  return e && e->magic == kEventMagic ? e : nullptr;
}

// A live stream, or null for the default stream; throws for anything else.
FakeStream* live_stream(void* handle, const char* call) {
  if (!handle)
    return nullptr;
  FakeStream* s = as_stream(handle);
  if (!s || s->destroyed.load(std::memory_order_relaxed))
    misuse(call);
  return s;
}

FakeEvent* live_event(void* handle, const char* call) {
  FakeEvent* e = as_event(handle);
  if (!e || e->destroyed.load(std::memory_order_relaxed))
    misuse(call);
  return e;
}

int device_of(const FakeStream* s) { return s ? s->device : current; }

std::uint64_t tick(DeviceState& d) {
  return d.clock.fetch_add(1, std::memory_order_relaxed);
}

// Runs the deferred work of `d` on `only` (of every stream when null), in
// the order it was deferred, one item at a time without the lock held, so
// that nothing is allocated here and the work may defer more.
void run_deferred(DeviceState& d, FakeStream* only) noexcept {
  // Acquire: pairs with defer's release, so the work sees what the
  // deferring thread wrote before it.
  if (d.deferred.load(std::memory_order_acquire) == 0 ||
      (only && only->deferred.load(std::memory_order_acquire) == 0))
    return;
  for (;;) {
    std::function<void()> work;
    {
      std::lock_guard<std::mutex> lock(d.deferred_mutex);
      auto& queue = d.deferred_work;
      auto it = queue.begin();
      while (it != queue.end() && only && it->first != only)
        ++it;
      if (it == queue.end())
        return;
      work = std::move(it->second);
      it->first->deferred.fetch_sub(1, std::memory_order_relaxed);
      d.deferred.fetch_sub(1, std::memory_order_relaxed);
      queue.erase(it);
    }
    work();
  }
}

void synchronize_stream(FakeStream* s) {
  DeviceState& d = device_state(device_of(s));
  if (s) {
    run_deferred(d, s);
    s->synchronized_at.store(tick(d), std::memory_order_relaxed);
  } else { // the legacy default stream waits for the whole device
    d.synchronized_at.store(tick(d), std::memory_order_relaxed);
    d.default_stream_synchronizations.fetch_add(1, std::memory_order_relaxed);
  }
}

// What device_accessible knows: device_malloc allocations (device >= 0) and
// registered host memory (device -1), by start address. Buffers are made and
// freed rarely, so a lock here costs nothing that matters and adds no
// synchronization to the stream, event and launch paths.
struct Region {
  std::size_t bytes;
  int device;
  // From the stream-ordered pool: device memory too, but given back only by
  // pool_free_async.
  bool pooled = false;
};
struct MemoryRegistry {
  std::mutex mutex;
  std::map<std::uintptr_t, Region> regions;
};

MemoryRegistry& memory_registry() {
  static MemoryRegistry* const registry = new MemoryRegistry; // never freed
  return *registry;
}

std::uintptr_t address(const void* p) noexcept {
  return reinterpret_cast<std::uintptr_t>(p);
}

// The region containing `p`, under the registry's lock; null if none.
const std::pair<const std::uintptr_t, Region>*
region_containing(MemoryRegistry& r, const void* p) {
  auto it = r.regions.upper_bound(address(p));
  if (it == r.regions.begin())
    return nullptr;
  --it;
  return address(p) - it->first < it->second.bytes ? &*it : nullptr;
}

bool busy(const FakeStream* s) {
  if (s->deferred.load(std::memory_order_relaxed) != 0)
    return true;
  const DeviceState& d = devices().state[s->device];
  const std::uint64_t launched = s->last_launch.load(std::memory_order_relaxed);
  return launched > s->synchronized_at.load(std::memory_order_relaxed) &&
         launched > d.synchronized_at.load(std::memory_order_relaxed);
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

const char* result_string(int result) noexcept {
  switch (result) {
  case kSuccess:
    return "no error";
  case kInvalidConfiguration:
    return "invalid configuration argument";
  case kInvalidResourceHandle:
    return "invalid resource handle";
  case kLaunchFailure:
    return "unspecified launch failure";
  default:
    return "unknown error";
  }
}

int device_count() { return devices().count; }

int begin_launch(unsigned grid, unsigned block, void* stream) noexcept {
  int result = kSuccess;
  FakeStream* s = as_stream(stream);
  if (countdown_hits(launch_countdown)) {
    result = kLaunchFailure;
  } else if (grid == 0 || block == 0 || block > 1024) {
    result = kInvalidConfiguration;
  } else if (stream && (!s || s->destroyed.load(std::memory_order_relaxed) ||
                        s->device != current)) {
    // CUDA rejects a launch into a stream of another device too.
    misuse_count.fetch_add(1, std::memory_order_relaxed);
    result = kInvalidResourceHandle;
  }
  DeviceState& d = devices().state[current];
  if (result != kSuccess) {
    d.failed_launches.fetch_add(1, std::memory_order_relaxed);
    last_error = result;
    return result;
  }
  // The caller runs the kernel's body next, after the stream's earlier work.
  if (s)
    run_deferred(d, s);
  d.launches.fetch_add(1, std::memory_order_relaxed);
  const std::uint64_t at = tick(d);
  (s ? s->last_launch : d.default_stream_launch)
      .store(at, std::memory_order_relaxed);
  return kSuccess;
}

int get_last_error() noexcept {
  const int e = last_error;
  last_error = kSuccess;
  return e;
}

int peek_last_error() noexcept { return last_error; }

void fail_stream_creation(unsigned nth) noexcept {
  stream_creation_countdown.store(nth, std::memory_order_relaxed);
}
void fail_event_creation(unsigned nth) noexcept {
  event_creation_countdown.store(nth, std::memory_order_relaxed);
}
void fail_launch(unsigned nth) noexcept {
  launch_countdown.store(nth, std::memory_order_relaxed);
}
void fail_pool_allocation(unsigned nth) noexcept {
  pool_allocation_countdown.store(nth, std::memory_order_relaxed);
}
void fail_memset(unsigned nth) noexcept {
  memset_countdown.store(nth, std::memory_order_relaxed);
}

void defer(void* stream, std::function<void()> work) {
  FakeStream* s = live_stream(stream, "fakeDefer");
  if (!s)
    throw Error("fake::defer needs a fake stream, not the default stream");
  DeviceState& d = devices().state[s->device];
  {
    std::lock_guard<std::mutex> lock(d.deferred_mutex);
    d.deferred_work.emplace_back(s, std::move(work));
    s->deferred.fetch_add(1, std::memory_order_relaxed);
  }
  d.deferred.fetch_add(1, std::memory_order_release);
}

std::size_t deferred_work(int device) {
  return device_state(device).deferred.load(std::memory_order_acquire);
}

Counts counts(int device) {
  const DeviceState& d = device_state(device);
  Counts c;
  c.streams_created = d.streams_created.load();
  c.streams_destroyed = d.streams_destroyed.load();
  c.streams_destroyed_busy = d.streams_destroyed_busy.load();
  c.events_created = d.events_created.load();
  c.events_destroyed = d.events_destroyed.load();
  c.launches = d.launches.load();
  c.failed_launches = d.failed_launches.load();
  c.failed_creations = d.failed_creations.load();
  c.pool_allocations = d.pool_allocations.load();
  c.pool_frees = d.pool_frees.load();
  c.pool_bytes_in_use = d.pool_bytes_in_use.load();
  c.failed_pool_allocations = d.failed_pool_allocations.load();
  c.memsets = d.memsets.load();
  c.stream_waits = d.stream_waits.load();
  c.device_allocations = d.device_allocations.load();
  c.device_frees = d.device_frees.load();
  c.copies_to_device = d.copies_to_device.load();
  c.bytes_to_device = d.bytes_to_device.load();
  c.copies_to_host = d.copies_to_host.load();
  c.bytes_to_host = d.bytes_to_host.load();
  c.default_stream_synchronizations = d.default_stream_synchronizations.load();
  return c;
}

unsigned long long misuses() noexcept { return misuse_count.load(); }

void register_host_memory(const void* p, std::size_t bytes) {
  MemoryRegistry& r = memory_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.regions[address(p)] = Region{bytes, -1};
}

void unregister_host_memory(const void* p) noexcept {
  MemoryRegistry& r = memory_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.regions.find(address(p));
  if (it != r.regions.end() && it->second.device < 0)
    r.regions.erase(it);
}

int allocation_device(const void* p) noexcept {
  MemoryRegistry& r = memory_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const auto* region = region_containing(r, p);
  return region ? region->second.device : -1;
}

PoolOperation last_pool_allocation() noexcept { return last_allocation; }
PoolOperation last_pool_free() noexcept { return last_free; }

int stream_device(void* stream) noexcept {
  const FakeStream* s = as_stream(stream);
  return s ? s->device : -1;
}

int event_device(void* event) noexcept {
  const FakeEvent* e = as_event(event);
  return e ? e->device : -1;
}

int stream_priority(void* stream) noexcept {
  const FakeStream* s = as_stream(stream);
  return s ? s->priority : 0;
}

bool stream_busy(void* stream) noexcept {
  const FakeStream* s = as_stream(stream);
  return s && busy(s);
}

bool stream_destroyed(void* stream) noexcept {
  const FakeStream* s = as_stream(stream);
  return s && s->destroyed.load(std::memory_order_relaxed);
}

namespace {

std::atomic<const void*>* owner_of(void* handle) noexcept {
  if (FakeStream* s = as_stream(handle))
    return &s->owner;
  if (FakeEvent* e = as_event(handle))
    return &e->owner;
  return nullptr;
}

} // namespace

const void* claim(void* handle, const void* holder) noexcept {
  std::atomic<const void*>* owner = owner_of(handle);
  if (!owner)
    return nullptr;
  const void* expected = nullptr;
  // Relaxed: the marker must detect two holders, not order them. Ordering
  // hand-outs is the pool's job, and stronger orderings here would let
  // ThreadSanitizer miss a pool that failed at it.
  owner->compare_exchange_strong(expected, holder, std::memory_order_relaxed);
  return expected;
}

void release_claim(void* handle, const void* holder) noexcept {
  if (std::atomic<const void*>* owner = owner_of(handle)) {
    const void* expected = holder;
    owner->compare_exchange_strong(expected, nullptr,
                                   std::memory_order_relaxed);
  }
}

} // namespace fake

// --- backend primitives --------------------------------------------------

namespace backend {

using fake::FakeEvent;
using fake::FakeStream;

int device_count() { return fake::device_count(); }
int current_device() { return fake::current; }

void set_device(int device) {
  if (device < 0 || device >= fake::device_count())
    api_failure("fakeSetDevice", "invalid device ordinal");
  fake::current = device;
}

int multiprocessor_count(int device) {
  (void)fake::device_state(device);
  return fake::kMultiprocessors;
}

void device_synchronize() {
  fake::DeviceState& d = fake::device_state(fake::current);
  fake::run_deferred(d, nullptr);
  d.synchronized_at.store(fake::tick(d), std::memory_order_relaxed);
}

StreamHandle stream_create_non_blocking() {
  return stream_create_with_priority(0);
}

StreamHandle stream_create_with_priority(int priority) {
  fake::DeviceState& d = fake::device_state(fake::current);
  if (fake::countdown_hits(fake::stream_creation_countdown)) {
    d.failed_creations.fetch_add(1, std::memory_order_relaxed);
    api_failure("fakeStreamCreate", "out of memory");
  }
  auto* s = new FakeStream;
  s->device = fake::current;
  // Clamped into the range, as CUDA and HIP do.
  s->priority = priority < fake::kGreatestPriority ? fake::kGreatestPriority
                : priority > fake::kLeastPriority  ? fake::kLeastPriority
                                                   : priority;
  d.streams_created.fetch_add(1, std::memory_order_relaxed);
  return s;
}

void stream_priority_range(int& least, int& greatest) {
  (void)fake::device_state(fake::current);
  least = fake::kLeastPriority;
  greatest = fake::kGreatestPriority;
}

int stream_priority(StreamHandle s) {
  const FakeStream* stream = fake::live_stream(s, "fakeStreamGetPriority");
  return stream ? stream->priority : 0; // the default stream's is 0
}

void stream_synchronize(StreamHandle s) {
  fake::synchronize_stream(fake::live_stream(s, "fakeStreamSynchronize"));
}

void stream_destroy(StreamHandle handle) noexcept {
  FakeStream* s = fake::as_stream(handle);
  if (!s || s->destroyed.exchange(true, std::memory_order_relaxed)) {
    fake::misuse_count.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  fake::DeviceState& d = fake::devices().state[s->device];
  if (fake::busy(s))
    d.streams_destroyed_busy.fetch_add(1, std::memory_order_relaxed);
  // The driver finishes a destroyed stream's work all the same.
  fake::run_deferred(d, s);
  d.streams_destroyed.fetch_add(1, std::memory_order_relaxed);
  // Not freed: a later use must find the destroyed flag (fake_device.h).
  fake::keep_destroyed(s);
}

EventHandle event_create(bool timing) {
  fake::DeviceState& d = fake::device_state(fake::current);
  if (fake::countdown_hits(fake::event_creation_countdown)) {
    d.failed_creations.fetch_add(1, std::memory_order_relaxed);
    api_failure("fakeEventCreate", "out of memory");
  }
  auto* e = new FakeEvent;
  e->device = fake::current;
  e->timing = timing;
  d.events_created.fetch_add(1, std::memory_order_relaxed);
  return e;
}

void event_destroy(EventHandle handle) noexcept {
  FakeEvent* e = fake::as_event(handle);
  if (!e || e->destroyed.exchange(true, std::memory_order_relaxed)) {
    fake::misuse_count.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  fake::devices().state[e->device].events_destroyed.fetch_add(
      1, std::memory_order_relaxed);
  fake::keep_destroyed(e); // Not freed either: see stream_destroy.
}

void event_record(EventHandle event, StreamHandle stream) {
  FakeEvent* e = fake::live_event(event, "fakeEventRecord");
  FakeStream* s = fake::live_stream(stream, "fakeEventRecord");
  // As in CUDA, an event is recorded only on a stream of its own device.
  if (e->device != fake::device_of(s))
    fake::misuse("fakeEventRecord");
  e->recorded_ns.store(fake::now_ns(), std::memory_order_relaxed);
}

void stream_wait_event(StreamHandle stream, EventHandle event) {
  // Waiting across devices is allowed, as in CUDA.
  (void)fake::live_event(event, "fakeStreamWaitEvent");
  FakeStream* s = fake::live_stream(stream, "fakeStreamWaitEvent");
  fake::device_state(fake::device_of(s))
      .stream_waits.fetch_add(1, std::memory_order_relaxed);
}

void event_synchronize(EventHandle event) {
  (void)fake::live_event(event, "fakeEventSynchronize");
}

bool event_query(EventHandle event) {
  (void)fake::live_event(event, "fakeEventQuery");
  return true; // the work ran when it was launched
}

float event_elapsed_ms(EventHandle start, EventHandle end) {
  const FakeEvent* a = fake::live_event(start, "fakeEventElapsedTime");
  const FakeEvent* b = fake::live_event(end, "fakeEventElapsedTime");
  const std::int64_t t0 = a->recorded_ns.load(std::memory_order_relaxed);
  const std::int64_t t1 = b->recorded_ns.load(std::memory_order_relaxed);
  // As in CUDA: timing-disabled or never-recorded events have no time.
  if (!a->timing || !b->timing || t0 < 0 || t1 < 0)
    api_failure("fakeEventElapsedTime",
                fake::result_string(fake::kInvalidResourceHandle));
  return static_cast<float>(static_cast<double>(t1 - t0) / 1e6);
}

void* device_malloc(std::size_t bytes) {
  if (bytes == 0)
    return nullptr;
  fake::DeviceState& d = fake::device_state(fake::current);
  fake::MemoryRegistry& r = fake::memory_registry();
  try {
    void* p = ::operator new(bytes, std::align_val_t{256});
    std::lock_guard<std::mutex> lock(r.mutex);
    try {
      r.regions[fake::address(p)] = fake::Region{bytes, fake::current};
    } catch (...) {
      ::operator delete(p, std::align_val_t{256});
      throw;
    }
    d.device_allocations.fetch_add(1, std::memory_order_relaxed);
    return p;
  } catch (const std::bad_alloc&) {
    api_failure("fakeMalloc", "out of memory");
  }
}

void device_free(void* p) noexcept {
  if (!p)
    return;
  // cudaFree and hipFree wait for the device first.
  const int device = fake::allocation_device(p);
  if (device >= 0)
    fake::run_deferred(fake::devices().state[device], nullptr);
  fake::MemoryRegistry& r = fake::memory_registry();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.regions.find(fake::address(p));
    if (it == r.regions.end() || it->second.device < 0 || it->second.pooled) {
      // Not the start of a device allocation: CUDA fails the call.
      fake::misuse_count.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    fake::devices().state[it->second.device].device_frees.fetch_add(
        1, std::memory_order_relaxed);
    r.regions.erase(it);
  }
  ::operator delete(p, std::align_val_t{256});
}

bool device_accessible(const void* p) {
  fake::MemoryRegistry& r = fake::memory_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return fake::region_containing(r, p) != nullptr;
}

void memcpy_host_to_device_async(void* dst, const void* src, std::size_t bytes,
                                 StreamHandle s) {
  fake::FakeStream* stream = fake::live_stream(s, "fakeMemcpyAsync");
  fake::DeviceState& d = fake::device_state(fake::device_of(stream));
  if (stream)
    fake::run_deferred(d, stream);
  d.copies_to_device.fetch_add(1, std::memory_order_relaxed);
  d.bytes_to_device.fetch_add(bytes, std::memory_order_relaxed);
  if (bytes)
    std::memcpy(dst, src, bytes);
}

void memcpy_device_to_host_async(void* dst, const void* src, std::size_t bytes,
                                 StreamHandle s) {
  fake::FakeStream* stream = fake::live_stream(s, "fakeMemcpyAsync");
  fake::DeviceState& d = fake::device_state(fake::device_of(stream));
  if (stream)
    fake::run_deferred(d, stream);
  d.copies_to_host.fetch_add(1, std::memory_order_relaxed);
  d.bytes_to_host.fetch_add(bytes, std::memory_order_relaxed);
  if (bytes)
    std::memcpy(dst, src, bytes);
}

void* pool_malloc_async(int device, std::size_t bytes, StreamHandle stream) {
  if (device < 0 || device >= fake::device_count())
    api_failure("fakeMallocFromPoolAsync", "invalid device ordinal");
  (void)fake::live_stream(stream, "fakeMallocFromPoolAsync");
  fake::DeviceState& d = fake::devices().state[device];
  if (fake::countdown_hits(fake::pool_allocation_countdown)) {
    d.failed_pool_allocations.fetch_add(1, std::memory_order_relaxed);
    api_failure("fakeMallocFromPoolAsync", "out of memory");
  }
  void* raw = nullptr;
  try {
    raw = ::operator new(fake::kPoolAlignment + bytes,
                         std::align_val_t{fake::kPoolAlignment});
  } catch (const std::bad_alloc&) {
    d.failed_pool_allocations.fetch_add(1, std::memory_order_relaxed);
    api_failure("fakeMallocFromPoolAsync", "out of memory");
  }
  auto* header = new (raw) fake::PoolHeader;
  header->device = device;
  header->bytes = bytes;
  void* p = static_cast<char*>(raw) + fake::kPoolAlignment;
  if (bytes != 0) {
    // Registered like device_malloc's memory, so that allocation_device and
    // device_accessible know it.
    fake::MemoryRegistry& r = fake::memory_registry();
    try {
      std::lock_guard<std::mutex> lock(r.mutex);
      r.regions[fake::address(p)] = fake::Region{bytes, device, true};
    } catch (...) {
      header->~PoolHeader();
      ::operator delete(raw, std::align_val_t{fake::kPoolAlignment});
      d.failed_pool_allocations.fetch_add(1, std::memory_order_relaxed);
      api_failure("fakeMallocFromPoolAsync", "out of memory");
    }
  }
  d.pool_allocations.fetch_add(1, std::memory_order_relaxed);
  d.pool_bytes_in_use.fetch_add(bytes, std::memory_order_relaxed);
  fake::last_allocation = {p, bytes, stream, device};
  return p;
}

void pool_free_async(void* p, StreamHandle stream) noexcept {
  if (!p)
    return;
  auto* header = reinterpret_cast<fake::PoolHeader*>(static_cast<char*>(p) -
                                                     fake::kPoolAlignment);
  const fake::FakeStream* s = fake::as_stream(stream);
  const bool bad_stream =
      stream && (!s || s->destroyed.load(std::memory_order_relaxed));
  if (header->magic != fake::kPoolMagic || bad_stream) {
    // Not a live pool allocation (the header is only trustworthy for one),
    // or a stream the driver would reject: CUDA fails the call and the
    // memory stays allocated.
    fake::misuse_count.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  fake::DeviceState& d = fake::devices().state[header->device];
  if (d.deferred.load(std::memory_order_acquire) != 0) {
    // Ordered after `stream`'s work only: work deferred on another stream
    // may still use the memory on a real device.
    const std::size_t own = s && s->device == header->device
                                ? s->deferred.load(std::memory_order_relaxed)
                                : 0;
    if (d.deferred.load(std::memory_order_relaxed) > own)
      fake::misuse_count.fetch_add(1, std::memory_order_relaxed);
    fake::run_deferred(d, nullptr);
  }
  if (header->bytes != 0) {
    fake::MemoryRegistry& r = fake::memory_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.regions.erase(fake::address(p));
  }
  d.pool_frees.fetch_add(1, std::memory_order_relaxed);
  d.pool_bytes_in_use.fetch_sub(header->bytes, std::memory_order_relaxed);
  fake::last_free = {p, header->bytes, stream, header->device};
  header->magic = 0;
  header->~PoolHeader();
  ::operator delete(header, std::align_val_t{fake::kPoolAlignment});
}

void memset_async(void* p, int value, std::size_t bytes, StreamHandle stream) {
  FakeStream* s = fake::live_stream(stream, "fakeMemsetAsync");
  fake::DeviceState& d = fake::devices().state[fake::device_of(s)];
  if (fake::countdown_hits(fake::memset_countdown))
    api_failure("fakeMemsetAsync", "out of memory");
  if (s)
    fake::run_deferred(d, s);
  d.memsets.fetch_add(1, std::memory_order_relaxed);
  if (bytes)
    std::memset(p, value, bytes);
}

} // namespace backend
} // namespace qd
