// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device memory of one kernel call's reductions (qd/detail/reduce.h).
//
// Each call that has reductions owns its scratch: two concurrent calls never
// share counters or partials, so neither can corrupt the other's result and
// neither waits for the other. The memory comes from this library's
// stream-ordered pool of the current device and goes back to it ordered on
// the launch stream, so taking and giving it is a pool operation, not a
// driver allocation, and never synchronizes the host.
//
// The names here are emitted by the translator; renaming one breaks every
// generated file.
#ifndef QD_DETAIL_REDUCTION_SCRATCH_H
#define QD_DETAIL_REDUCTION_SCRATCH_H

#include "../qd.h"

#include <cstddef>
#include <initializer_list>
#include <memory>

namespace qd {
namespace detail {

// One loop's partial array: one element of `element_size` bytes per block of
// the largest grid a loop of `block_dim` threads per block can get.
struct PartialsShape {
  unsigned block_dim;
  std::size_t element_size;
};

// One call's scratch, in one allocation: `slots` result slots (one per
// reduction variable: the device scalar it becomes), `counters` unsigned
// counters (one per reduction loop, for last_block_done), and one partials
// array per entry of `partials` with room for max_grid_size(block_dim)
// elements. Slots and partial arrays are 16-byte aligned; everything starts
// zeroed. Taken in the constructor and given back in the destructor (also
// during unwinding), both ordered on `launch`: work enqueued on `launch`
// before the destructor runs still sees the memory, work of other streams
// must be joined back into `launch` first (as regions are).
class ReductionScratch {
public:
  // Bytes per slot: room for any arithmetic type, at its alignment.
  static constexpr std::size_t kSlotBytes = 16;
  static constexpr std::size_t kAlignment = 16;

  ReductionScratch(StreamRef launch, unsigned slots, unsigned counters,
                   std::initializer_list<PartialsShape> partials);
  ~ReductionScratch();
  ReductionScratch(const ReductionScratch&) = delete;
  ReductionScratch& operator=(const ReductionScratch&) = delete;

  template <class T> T* slot(unsigned i) const noexcept {
    static_assert(sizeof(T) <= kSlotBytes && alignof(T) <= kAlignment,
                  "a reduction slot holds at most 16 bytes");
    return reinterpret_cast<T*>(base_ + std::size_t{i} * kSlotBytes);
  }
  unsigned* counter(unsigned i) const noexcept {
    return reinterpret_cast<unsigned*>(base_ + counters_offset_) + i;
  }
  template <class T> T* partials(unsigned i) const noexcept {
    static_assert(alignof(T) <= kAlignment,
                  "partial arrays are aligned to 16 bytes");
    return reinterpret_cast<T*>(base_ + partial_offsets()[i]);
  }

  // The whole allocation, for tests and diagnostics.
  std::size_t bytes() const noexcept { return bytes_; }

private:
  // Kernels rarely have more reduction loops than this; more use the heap.
  static constexpr std::size_t kInlinePartials = 16;

  const std::size_t* partial_offsets() const noexcept {
    return heap_offsets_ ? heap_offsets_.get() : inline_offsets_;
  }

  char* base_ = nullptr;
  void* launch_ = nullptr; // the native launch stream
  std::size_t bytes_ = 0;
  std::size_t counters_offset_ = 0;
  std::size_t inline_offsets_[kInlinePartials] = {};
  std::unique_ptr<std::size_t[]> heap_offsets_;
};

// Copies `bytes` of device memory to the host once the work queued on `s`
// has reached it: the host waits for the stream. Only the condition of a
// loop the GPU decides calls it, in stream mode.
void read_device_bytes(void* host, const void* device, std::size_t bytes,
                       StreamRef s);

// `host` = the value of a reduction's result slot, read after the work
// queued on `s` so far.
template <class T> void read_scalar(T& host, const T* slot, StreamRef s) {
  read_device_bytes(&host, slot, sizeof(T), s);
}

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_REDUCTION_SCRATCH_H
