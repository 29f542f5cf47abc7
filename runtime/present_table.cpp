// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Data regions and the present table (include/qd/data.h; docs/runtime.md,
// "Data regions and the present table").
#include "qd/qd.h"

#include "backend.h"

#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>

#if !defined(QD_BACKEND_CPU)
#include "present_cache.h"

#include <atomic>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <vector>
#endif

namespace qd {
namespace detail {

std::atomic<std::size_t> present_entries{0};

DataRegion::DataRegion(std::initializer_list<DataItem> items, const char* file,
                       unsigned line)
    : items_(items), file_(file), line_(line),
      uncaught_(std::uncaught_exceptions()) {
  data_enter(items_.data(), items_.size(), file_, line_);
}

DataRegion::~DataRegion() noexcept(false) {
  if (std::uncaught_exceptions() <= uncaught_) {
    data_exit(items_.data(), items_.size(), file_, line_);
    return;
  }
  // Unwinding: data_exit still copies back and frees everything it can, but
  // a second exception would call std::terminate.
  try {
    data_exit(items_.data(), items_.size(), file_, line_);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s (while leaving the data region because of an "
                         "exception)\n",
                 e.what());
  } catch (...) {
    std::fprintf(stderr, "qd: unknown error while leaving the data region at "
                         "%s:%u because of an exception\n",
                 file_ ? file_ : "<unknown file>", line_);
  }
}

#if defined(QD_BACKEND_CPU)

// Host memory is device memory here: there is nothing to copy or to look up,
// and nothing can fail.
void data_enter(const DataItem*, std::size_t, const char*, unsigned) {}
void data_exit(const DataItem*, std::size_t, const char*, unsigned) {}
void update_host(const void*, std::size_t, StreamRef, const char*,
                 const char*, unsigned) {}
void update_device(const void*, std::size_t, StreamRef, const char*,
                   const char*, unsigned) {}
void update_host_sync(const void*, std::size_t, const char*, const char*,
                      unsigned) {}
void update_device_sync(const void*, std::size_t, const char*, const char*,
                        unsigned) {}
void* present_or_device_lookup(const void* p, const char*, const char*) {
  return const_cast<void*>(p);
}
void* present_global(const void* host, std::size_t, const char*,
                     const char*) {
  return const_cast<void*>(host);
}

#else

namespace {

using Address = std::uintptr_t;

Address address(const void* p) { return reinterpret_cast<Address>(p); }

// One host range with a device copy. The table's key is its host start.
struct Entry {
  const void* host;
  std::size_t bytes;
  void* device;
  std::size_t count; // data constructs and 'enter data' that hold it
  bool pooled;       // `device` is the pool's (allocate_device_copy)
};

// One device's present table. Kernel calls look up (shared); data
// directives change it (exclusive) and hold it while their copies run, so a
// lookup never sees an entry whose copy-in has not finished.
struct Table {
  std::shared_mutex mutex;
  std::map<Address, Entry> entries;
  // Bumped (with the exclusive lock held) whenever an entry is added or
  // removed, before a removed entry's device copy is freed: the threads'
  // PresentCache entries of an older generation are never used again.
  std::atomic<std::uint64_t> generation{1};

  void changed() noexcept {
    generation.fetch_add(1, std::memory_order_release);
  }

  // The entry whose range contains [begin, begin + bytes) (bytes > 0), or
  // end().
  std::map<Address, Entry>::iterator containing(Address begin,
                                                std::size_t bytes) {
    auto it = entries.upper_bound(begin);
    if (it == entries.begin())
      return entries.end();
    --it;
    const Address offset = begin - it->first;
    if (offset < it->second.bytes && bytes <= it->second.bytes - offset)
      return it;
    return entries.end();
  }

  // An entry that shares a byte with [begin, begin + bytes), or end().
  std::map<Address, Entry>::iterator overlapping(Address begin,
                                                 std::size_t bytes) {
    auto it = entries.upper_bound(begin);
    if (it != entries.begin()) {
      auto before = std::prev(it);
      if (begin - before->first < before->second.bytes)
        return before;
    }
    if (it != entries.end() && it->first - begin < bytes)
      return it;
    return entries.end();
  }
};

// One table per device, made on first use and never destroyed: a data
// region may end in a static object's destructor.
struct Tables {
  int count;
  std::unique_ptr<Table[]> tables;
};

Tables& tables() {
  static Tables* const all = [] {
    const int n = backend::device_count();
    return new Tables{n, std::unique_ptr<Table[]>(
                             new Table[n > 0 ? static_cast<std::size_t>(n)
                                             : 0])};
  }();
  return *all;
}

Table& table(int device) {
  Tables& all = tables();
  if (device < 0 || device >= all.count)
    throw Error("the present table has no device " + std::to_string(device));
  return all.tables[static_cast<std::size_t>(device)];
}

// The calling thread's current device. With one device it can only be 0,
// so the lookups of kernel calls skip the driver query (about 40 ns, more
// than a cached lookup).
int current_device_index() {
  return tables().count == 1 ? 0 : backend::current_device();
}

Table& current_table() { return table(current_device_index()); }

// Each thread's last hits (present_cache.h). Constant-initialized and
// trivially destroyed: a thread-local access, no guard.
thread_local PresentCache t_present_hits;

const char* clause_name(DataClause c) {
  switch (c) {
  case DataClause::copyin:
    return "copyin";
  case DataClause::copyout:
    return "copyout";
  case DataClause::copy:
    return "copy";
  case DataClause::create:
    return "create";
  case DataClause::present:
    return "present";
  case DataClause::delete_:
    return "delete";
  }
  return "?";
}

std::string hex(Address a) {
  char text[2 + 2 * sizeof(Address) + 1];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(a));
  return text;
}

// "'u[0:n]' (host 0x1000, 400 bytes)"
std::string describe(const DataItem& item) {
  return "'" + std::string(item.text && *item.text ? item.text : "<data>") +
         "' (host " + hex(address(item.host)) + ", " +
         std::to_string(item.bytes) + " bytes)";
}

std::string describe(const Entry& e) {
  return "host " + hex(address(e.host)) + " to " +
         hex(address(e.host) + e.bytes) + " (" + std::to_string(e.bytes) +
         " bytes)";
}

const char* text_or(const char* text) {
  return text && *text ? text : "<data>";
}

[[noreturn]] void fail(const char* file, unsigned line,
                       const std::string& message) {
  if (file && *file)
    throw Error::at(file, line, message);
  throw Error(message);
}

void check_range(const DataItem& item, const char* file, unsigned line) {
  if (!item.host)
    fail(file, line,
         std::string(clause_name(item.clause)) + "(" + text_or(item.text) +
             "): a null host pointer with " + std::to_string(item.bytes) +
             " bytes");
  if (item.bytes > ~Address{0} - address(item.host))
    fail(file, line,
         std::string(clause_name(item.clause)) + "(" + text_or(item.text) +
             "): the range runs past the end of the address space");
}

void check_clause(DataClause c, const DataItem& item, const char* file,
                  unsigned line) {
  if (c > DataClause::delete_)
    fail(file, line,
         "data item " + describe(item) + " has an unknown clause (" +
             std::to_string(static_cast<unsigned>(c)) + ")");
}

// Present ranges of at most kPooledBytes come from the runtime's
// stream-ordered pool, on the default stream, instead of the driver's
// allocator. A region around one kernel call that copies a reduction's
// result in and out (TeaLeaf's 'data copy(pw[0:1])', twice per CG
// iteration) paid 5.5 us for cudaMalloc and cudaFree, against 1.6 us for
// the pool's pair (H200, docs/performance.md). Large arrays keep the
// driver's allocator, so that their memory goes back to the system at exit.
// Only ranges copied in are pooled: their entry waits for the default
// stream anyway (the copy), which the pool's memory needs before kernels on
// other streams may use it; a 'create' keeps the driver's allocator and no
// wait.
constexpr std::size_t kPooledBytes = 64 * 1024;

bool poolable(const DataItem& item) {
  return item.bytes <= kPooledBytes &&
         (item.clause == DataClause::copyin || item.clause == DataClause::copy);
}

void* allocate_device_copy(std::size_t bytes, bool pooled) {
  return pooled ? backend::pool_malloc_async(backend::current_device(), bytes,
                                             nullptr)
                : backend::device_malloc(bytes);
}

// Callers first wait for every stream of the device (wait_for_device): a
// pooled copy then goes back to the pool on the default stream, after the
// copies enqueued there.
void free_device_copy(void* device, bool pooled) noexcept {
  if (pooled)
    backend::pool_free_async(device, nullptr);
  else
    backend::device_free(device);
}

void remove_entry(Table& t, std::map<Address, Entry>::iterator it) noexcept {
  void* device = it->second.device;
  const bool pooled = it->second.pooled;
  t.entries.erase(it);
  t.changed();
  present_entries.fetch_sub(1, std::memory_order_relaxed);
  if (pooled) {
    try {
      backend::device_synchronize();
    } catch (...) {
      // An earlier launch failed; the copy is given back all the same.
    }
  }
  free_device_copy(device, pooled);
}

// Waits for the work enqueued so far on every stream of the current device.
// Exits and host-level updates copy on the default stream, which is not
// ordered after the streams whose kernels may use the data: the user's
// qd::Streams and the runtime's pool streams are non-blocking (SPEC, "Data
// regions": an exit copies back after the work inside it, on every stream).
//
// A device-wide synchronization, not a registry of live streams waited for
// with events: every caller blocks the host until its copy is done anyway,
// and an exit that copies back also frees the copy, where cudaFree and
// hipFree already wait for the whole device: the wait moves before the copy
// and costs one more call on an idle device. A registry would take a lock at
// every stream's creation and destruction, and still wait for nearly every
// stream of the device (the user's of every thread, the pools'); it would
// spare only streams that qd did not make, whose kernels (a library's on a
// qd::device_ptr) may use the data too. Exits that only count down do not
// wait.
void wait_for_device() { backend::device_synchronize(); }

// Undoes data_enter's items in `done` (the table's lock held): a count
// taken back, an allocation freed, nothing copied.
void undo(Table& t, const std::vector<Address>& done) noexcept {
  for (auto e = done.rbegin(); e != done.rend(); ++e) {
    auto it = t.entries.find(*e);
    if (it == t.entries.end())
      continue;
    if (--it->second.count == 0)
      remove_entry(t, it);
  }
}

// The device address of [begin, begin + bytes) (bytes > 0) from the
// thread's cache of hits on `device`, or null.
void* cached_present(int device, Table& t, Address begin, std::size_t bytes) {
  // Acquire: pairs with changed(); an entry found at this generation was
  // present when the generation was read.
  return t_present_hits.find(device,
                             t.generation.load(std::memory_order_acquire),
                             begin, bytes);
}

// The device address of [begin, begin + bytes) if an entry of `t` (the
// table of `device`, its lock held) contains it, remembered in the thread's
// cache; else null.
void* present_locked(int device, Table& t, Address begin, std::size_t bytes) {
  auto it = t.containing(begin, bytes);
  if (it == t.entries.end())
    return nullptr;
  // Writers bump the generation under the exclusive lock: it cannot change
  // while this shared lock is held.
  t_present_hits.remember(device, t.generation.load(std::memory_order_relaxed),
                          it->first, it->second.bytes, it->second.device);
  return static_cast<char*>(it->second.device) + (begin - it->first);
}

// The item's device address, if [host, host + bytes) is present on the
// current device.
void* find_present(const void* host, std::size_t bytes) {
  const int device = current_device_index();
  Table& t = table(device);
  if (void* hit = cached_present(device, t, address(host), bytes))
    return hit;
  std::shared_lock<std::shared_mutex> lock(t.mutex);
  return present_locked(device, t, address(host), bytes);
}

std::string make_present_fix(const char* text) {
  return "make it present with '#pragma qd data copyin(" +
         std::string(text_or(text)) + ")' or 'enter data'";
}

// update's device address of a present range, or qd::Error.
void* present_for_update(const char* direction, const void* host,
                         std::size_t bytes, const char* text, const char* file,
                         unsigned line) {
  if (!host)
    fail(file, line,
         std::string("update ") + direction + "(" + text_or(text) +
             "): a null host pointer");
  void* device = find_present(host, bytes);
  if (!device)
    fail(file, line,
         std::string("update ") + direction + "(" + text_or(text) + "): '" +
             text_or(text) + "' (host " + hex(address(host)) + ", " +
             std::to_string(bytes) +
             " bytes) is not present on the device; " +
             make_present_fix(text));
  return device;
}

} // namespace

void data_enter(const DataItem* items, std::size_t n, const char* file,
                unsigned line) {
  if (n == 0)
    return;
  Table& t = current_table();
  struct Copy {
    void* device;
    const void* host;
    std::size_t bytes;
  };
  // The entries each item counted, so that a failure can undo them.
  std::vector<Address> done;
  std::vector<Copy> copies;
  done.reserve(n);
  std::unique_lock<std::shared_mutex> lock(t.mutex);
  try {
    for (std::size_t i = 0; i < n; ++i) {
      const DataItem& item = items[i];
      check_clause(item.clause, item, file, line);
      if (item.clause == DataClause::delete_)
        fail(file, line,
             "delete(" + std::string(text_or(item.text)) +
                 "): 'delete' is only valid in 'exit data'");
      if (item.bytes == 0)
        continue; // an empty section: nothing to make present
      check_range(item, file, line);
      const Address begin = address(item.host);
      auto it = t.containing(begin, item.bytes);
      if (it != t.entries.end()) {
        // Present already: counted, never copied again (OpenACC 2.5+).
        ++it->second.count;
        done.push_back(it->first);
        continue;
      }
      if (item.clause == DataClause::present)
        fail(file, line,
             "present(" + std::string(text_or(item.text)) + "): " +
                 describe(item) + " is not present on the device; " +
                 make_present_fix(item.text) + " before this point");
      auto overlap = t.overlapping(begin, item.bytes);
      if (overlap != t.entries.end())
        fail(file, line,
             std::string(clause_name(item.clause)) + "(" +
                 text_or(item.text) + "): " + describe(item) +
                 " partly overlaps data already present on the device (" +
                 describe(overlap->second) +
                 "); a range made present must lie inside one present range "
                 "or share no byte with any");
      const bool pooled = poolable(item);
      void* device = allocate_device_copy(item.bytes, pooled);
      try {
        t.entries.emplace(begin,
                          Entry{item.host, item.bytes, device, 1, pooled});
      } catch (...) {
        free_device_copy(device, pooled);
        throw;
      }
      t.changed();
      present_entries.fetch_add(1, std::memory_order_relaxed);
      done.push_back(begin);
      if (item.clause == DataClause::copyin || item.clause == DataClause::copy)
        copies.push_back({device, item.host, item.bytes});
    }
    // On the default stream: after all work enqueued there before (kernels
    // called without a stream), and finished before the region's first
    // kernel call can read it.
    for (const Copy& c : copies)
      backend::memcpy_host_to_device_async(c.device, c.host, c.bytes, nullptr);
    // (A pooled copy is ready in the default stream's order only: this wait
    // also lets kernels on other streams use it.)
    if (!copies.empty())
      backend::stream_synchronize(nullptr);
  } catch (...) {
    undo(t, done);
    throw;
  }
}

void data_exit(const DataItem* items, std::size_t n, const char* file,
               unsigned line) {
  if (n == 0)
    return;
  Table& t = current_table();
  std::unique_lock<std::shared_mutex> lock(t.mutex);
  // Entries whose count reached 0: copied back (if the clause says so) and
  // freed after all items are counted down, so that one synchronization
  // covers every copy. An item that fails does not stop the others: the
  // first error is thrown at the end.
  struct Release {
    Entry entry;
    const void* host; // the item's range, which is copied back
    std::size_t bytes;
    bool copy_back;
  };
  std::vector<Release> released;
  std::exception_ptr first_error;
  for (std::size_t k = n; k-- > 0;) {
    const DataItem& item = items[k];
    try {
      check_clause(item.clause, item, file, line);
      if (item.bytes == 0)
        continue;
      check_range(item, file, line);
      auto it = t.containing(address(item.host), item.bytes);
      if (it == t.entries.end())
        fail(file, line,
             std::string(clause_name(item.clause)) + "(" +
                 text_or(item.text) + "): " + describe(item) +
                 " is not present on the device, so it cannot leave it; "
                 "every exit needs an earlier entry (a data region, or "
                 "'enter data')");
      if (--it->second.count > 0)
        continue;
      const bool copy_back = item.clause == DataClause::copyout ||
                             item.clause == DataClause::copy;
      released.push_back({it->second, item.host, item.bytes, copy_back});
      t.entries.erase(it);
      t.changed(); // before the device copy is freed, below
      present_entries.fetch_sub(1, std::memory_order_relaxed);
    } catch (...) {
      if (!first_error)
        first_error = std::current_exception();
    }
  }
  if (!released.empty()) {
    try {
      wait_for_device();
    } catch (...) {
      // A kernel failed (a sticky error): copy back and free all the same,
      // as far as the driver lets us.
      if (!first_error)
        first_error = std::current_exception();
    }
  }
  bool copied = false;
  try {
    for (const Release& r : released) {
      if (!r.copy_back)
        continue;
      void* device = static_cast<char*>(r.entry.device) +
                     (address(r.host) - address(r.entry.host));
      backend::memcpy_device_to_host_async(const_cast<void*>(r.host), device,
                                           r.bytes, nullptr);
      copied = true;
    }
  } catch (...) {
    if (!first_error)
      first_error = std::current_exception();
  }
  // Also after a failed copy: those enqueued before it write host memory
  // that the caller owns again once this returns.
  if (copied) {
    try {
      backend::stream_synchronize(nullptr);
    } catch (...) {
      if (!first_error)
        first_error = std::current_exception();
    }
  }
  for (const Release& r : released)
    free_device_copy(r.entry.device, r.entry.pooled);
  if (first_error)
    std::rethrow_exception(first_error);
}

void update_host(const void* host, std::size_t bytes, StreamRef s,
                 const char* text, const char* file, unsigned line) {
  if (bytes == 0)
    return;
  void* device = present_for_update("host", host, bytes, text, file, line);
  backend::memcpy_device_to_host_async(const_cast<void*>(host), device, bytes,
                                       s.native());
}

void update_device(const void* host, std::size_t bytes, StreamRef s,
                   const char* text, const char* file, unsigned line) {
  if (bytes == 0)
    return;
  void* device = present_for_update("device", host, bytes, text, file, line);
  backend::memcpy_host_to_device_async(device, host, bytes, s.native());
}

// Outside kernels, an update is a statement of the serial program: it reads
// (host) or overwrites (device) the device copy after everything enqueued
// before it, on every stream, as a region's exit does.
void update_host_sync(const void* host, std::size_t bytes, const char* text,
                      const char* file, unsigned line) {
  if (bytes == 0)
    return;
  void* device = present_for_update("host", host, bytes, text, file, line);
  wait_for_device();
  backend::memcpy_device_to_host_async(const_cast<void*>(host), device, bytes,
                                       nullptr);
  backend::stream_synchronize(nullptr);
}

void update_device_sync(const void* host, std::size_t bytes, const char* text,
                        const char* file, unsigned line) {
  if (bytes == 0)
    return;
  void* device = present_for_update("device", host, bytes, text, file, line);
  wait_for_device();
  backend::memcpy_host_to_device_async(device, host, bytes, nullptr);
  backend::stream_synchronize(nullptr);
}

namespace {
// The device address of `p` if it lies in a present range of the current
// device, `p` itself if this device has no ranges or the device can access
// it, else null.
void* device_address_or_null(const void* p) {
  const int device = current_device_index();
  Table& t = table(device);
  // Strictly inside (one byte): a pointer one past a present range may as
  // well be the start of the next host array, which is not present.
  if (void* hit = cached_present(device, t, address(p), 1))
    return hit;
  {
    std::shared_lock<std::shared_mutex> lock(t.mutex);
    if (t.entries.empty())
      return const_cast<void*>(p); // other devices have entries, not this one
    if (void* hit = present_locked(device, t, address(p), 1))
      return hit;
  }
  return backend::device_accessible(p) ? const_cast<void*>(p) : nullptr;
}
} // namespace

void* present_or_device_lookup(const void* p, const char* kernel,
                               const char* param) {
  if (!p)
    return nullptr;
  if (void* device = device_address_or_null(p))
    return device;
  const std::string k = kernel && *kernel ? kernel : "<kernel>";
  const std::string a = param && *param ? param : "<parameter>";
  throw Error("kernel '" + k + "': parameter '" + a +
              "' receives host pointer " + hex(address(p)) +
              " that is not present on the device; make it present with "
              "'#pragma qd data copyin(" +
              a + "[0:n])' or 'enter data', or pass device memory (qd::Buffer)");
}

void* present_global(const void* host, std::size_t bytes, const char* kernel,
                     const char* name) {
  const std::string k = kernel && *kernel ? kernel : "<kernel>";
  const std::string g = name && *name ? name : "<global>";
  void* device = host && bytes ? find_present(host, bytes) : nullptr;
  if (!device)
    throw Error("kernel '" + k + "' uses the global array '" + g +
                "', which is not present on the device; make it present with "
                "'#pragma qd data copyin(" +
                g + ")' around the calls (or 'enter data')");
  return device;
}

#endif

} // namespace detail

#if defined(QD_BACKEND_CPU)
void* device_address(const void* p) { return const_cast<void*>(p); }
#else
void* device_address(const void* p) {
  if (!p || detail::present_entries.load(std::memory_order_relaxed) == 0)
    return const_cast<void*>(p);
  if (void* device = detail::device_address_or_null(p))
    return device;
  throw Error("qd::device_ptr: host pointer " + detail::hex(detail::address(p)) +
              " is not present on the device; make it present with '#pragma "
              "qd data' or 'enter data', or pass device memory");
}
#endif

} // namespace qd
