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
  // taken goes back and the driver's error propagates.
  void acquire(PoolLease* leases, std::size_t n);
  // Gives leases[0, n) back. Never allocates, so it is safe in destructors
  // during stack unwinding.
  void release(const PoolLease* leases, std::size_t n) noexcept;

  PoolStats stats() const;
  // Destroys the idle handles; returns how many. Their slots are retired, so
  // slot numbers stay unique for the life of the process.
  std::size_t trim() noexcept;

private:
  void take_free_locked(PoolLease* leases, std::size_t n);
  // Makes room for `n` more slots; the only step of registration that can
  // throw, done before anything changes.
  void reserve_locked(std::size_t n);
  void register_held_locked(PoolLease* leases, std::size_t n);
  void push_free_locked(std::uint32_t slot) noexcept;
  void note_in_use_locked(std::size_t more) noexcept;

  const CreateFn create_;
  const DestroyFn destroy_;

  mutable std::mutex mutex_;
  std::vector<void*> handles_;        // slot -> handle (null once retired)
  std::vector<unsigned char> held_;   // slot -> lent out right now
  // FIFO ring of free slots, with room for every slot so release() never
  // allocates. FIFO rather than LIFO: the slot given back longest ago is the
  // most likely to have drained its queued work, so a new region is less
  // likely to queue behind an unrelated earlier one.
  std::vector<std::uint32_t> ring_;
  std::size_t ring_head_ = 0;
  std::size_t ring_count_ = 0;
  PoolStats stats_;
};

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_HANDLE_POOL_H
