// A thread-safe free list of reusable driver handles (streams or events) of
// one device.
//
// Creating a stream or event is a driver call of tens of microseconds and, on
// some drivers, a point of contention; a kernel with stream_parallel regions
// would pay it on every call. The pool creates handles only when its free
// list is empty, so a program creates as many as it ever holds at once and
// then only reuses them.
#ifndef QD_RUNTIME_HANDLE_POOL_H
#define QD_RUNTIME_HANDLE_POOL_H

#include "qd/detail/launch_support.h"
#include "qd/qd.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace qd {
namespace detail {

class HandlePool {
public:
  using CreateFn = void* (*)();
  using DestroyFn = void (*)(void*) noexcept;

  HandlePool(CreateFn create, DestroyFn destroy) noexcept
      : create_(create), destroy_(destroy) {}
  HandlePool(const HandlePool&) = delete;
  HandlePool& operator=(const HandlePool&) = delete;

  // Fills leases[0, n). All or nothing: when creating a handle fails, what was
  // taken goes back and the driver's error propagates. Each handle is the one
  // most recently released with the same `affinity`, else the one released
  // longest ago, else a new one (see the free list below).
  void acquire(PoolLease* leases, std::size_t n, const void* affinity = nullptr);
  // Gives leases[0, n) back, tagged with `affinity`. Never allocates, so it is
  // safe in destructors during stack unwinding.
  void release(const PoolLease* leases, std::size_t n,
               const void* affinity = nullptr) noexcept;

  PoolStats stats() const;
  // Destroys the idle handles; returns how many. Their slots are retired, so
  // slot numbers stay unique for the life of the process.
  std::size_t trim() noexcept;

private:
  void take_free_locked(PoolLease* leases, std::size_t n, const void* affinity);
  // Makes room for `n` more slots; the only step of registration that can
  // throw, done before anything changes.
  void reserve_locked(std::size_t n);
  void register_held_locked(PoolLease* leases, std::size_t n);
  void note_in_use_locked(std::size_t more) noexcept;

  const CreateFn create_;
  const DestroyFn destroy_;

  mutable std::mutex mutex_;
  std::vector<void*> handles_;        // slot -> handle (null once retired)
  std::vector<unsigned char> held_;   // slot -> lent out right now
  // Free slots in release order (the back was released last), each tagged
  // with the affinity it was released with; capacity for every slot, so
  // release() never allocates.
  //
  // Streams are tagged with the launch stream of the region that used them.
  // Giving a region on launch stream L the streams last joined into L costs
  // no concurrency (L already waits for their old work, and the new fork
  // comes after that) and keeps a kernel called in a loop on the same few
  // streams and events, as a hand-written fork/join would: the driver
  // submits measurably faster to recently used streams (docs/performance.md).
  // A region on another launch stream gets the stream released longest ago,
  // the most likely to have drained, so it rarely queues behind unrelated
  // work. Events carry no queue, so they are untagged and reused LIFO.
  struct FreeSlot {
    std::uint32_t slot;
    const void* affinity;
  };
  std::vector<FreeSlot> free_;
  PoolStats stats_;
};

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_HANDLE_POOL_H
