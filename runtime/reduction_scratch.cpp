// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-call scratch of reductions (qd/detail/reduction_scratch.h).
#include "qd/detail/reduction_scratch.h"

#include "qd/detail/launch_support.h"

#include "backend.h"

#include <limits>

namespace qd {
namespace detail {
namespace {

constexpr std::size_t kAlignment = ReductionScratch::kAlignment;
static_assert((kAlignment & (kAlignment - 1)) == 0);

[[noreturn]] void throw_too_large() {
  throw Error("reduction scratch: the partial arrays do not fit in size_t");
}

std::size_t add(std::size_t a, std::size_t b) {
  if (b > std::numeric_limits<std::size_t>::max() - a)
    throw_too_large();
  return a + b;
}

std::size_t align_up(std::size_t n) {
  return add(n, kAlignment - 1) & ~(kAlignment - 1);
}

std::size_t array_bytes(const PartialsShape& shape) {
  // max_reduction_grid_size, not the grid of this call: a kernel's grid
  // depends on its trip count, and one size per block_dim lets the pool hand
  // the same blocks back call after call.
  const std::size_t blocks = max_reduction_grid_size(shape.block_dim);
  if (shape.element_size > std::numeric_limits<std::size_t>::max() / blocks)
    throw_too_large();
  return blocks * shape.element_size;
}

} // namespace

ReductionScratch::ReductionScratch(
    StreamRef launch, unsigned slots, unsigned counters,
    std::initializer_list<PartialsShape> partials)
    : launch_(launch.native()) {
  std::size_t* offsets = inline_offsets_;
  if (partials.size() > kInlinePartials) {
    heap_offsets_.reset(new std::size_t[partials.size()]);
    offsets = heap_offsets_.get();
  }
  // Slots, then counters, then the partial arrays. Slots are 16 bytes, so
  // the counters start aligned; every array starts on a 16-byte boundary.
  std::size_t end = std::size_t{slots} * kSlotBytes;
  counters_offset_ = end;
  end = align_up(add(end, std::size_t{counters} * sizeof(unsigned)));
  for (const PartialsShape& shape : partials) {
    *offsets++ = end;
    end = align_up(add(end, array_bytes(shape)));
  }
  bytes_ = end;
  if (bytes_ == 0)
    return;

  // One allocation and one memset per call, whatever the number of
  // reductions: each is a stream operation that costs enqueue time.
  base_ = static_cast<char*>(backend::pool_malloc_async(
      backend::current_device(), bytes_, launch_));
  try {
    // Counters must start at 0 (last_block_done); zeroed slots and partials
    // make a kernel that reads what it did not write deterministic too.
    backend::memset_async(base_, 0, bytes_, launch_);
  } catch (...) {
    backend::pool_free_async(base_, launch_);
    throw;
  }
}

ReductionScratch::~ReductionScratch() {
  if (base_)
    backend::pool_free_async(base_, launch_);
}

void read_device_bytes(void* host, const void* device, std::size_t bytes,
                       StreamRef s) {
  backend::memcpy_device_to_host_async(host, device, bytes, s.native());
  backend::stream_synchronize(s.native());
}

} // namespace detail
} // namespace qd
