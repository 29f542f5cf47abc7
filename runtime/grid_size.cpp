// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Grid sizing for grid-stride loops.
#include "qd/detail/launch_support.h"

#include "backend.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>

namespace qd {
namespace detail {
namespace {

// Multiprocessor counts by device, filled on first use. Lock-free reads: this
// runs on every launch. Two threads racing to fill a slot store the same
// value, so a plain atomic store is enough.
class MultiprocessorCounts {
public:
  explicit MultiprocessorCounts(int devices)
      : size_(static_cast<std::size_t>(devices)),
        counts_(new std::atomic<int>[size_]()) {}

  int get(int device) {
    if (device < 0 || static_cast<std::size_t>(device) >= size_)
      throw Error("no device " + std::to_string(device));
    std::atomic<int>& slot = counts_[static_cast<std::size_t>(device)];
    int n = slot.load(std::memory_order_relaxed);
    if (n == 0) {
      n = std::max(1, backend::multiprocessor_count(device));
      slot.store(n, std::memory_order_relaxed);
    }
    return n;
  }

private:
  std::size_t size_;
  std::unique_ptr<std::atomic<int>[]> counts_;
};

// Unused by backends without multiprocessors (the cpu one), whose grids are
// not capped.
[[maybe_unused]] int multiprocessor_count(int device) {
  // Never destroyed, like the pools: a launch from a thread that outlives
  // static destruction must still find it.
  static MultiprocessorCounts* const counts =
      new MultiprocessorCounts(backend::device_count());
  const int count = counts->get(device);
  const int limit = test_multiprocessor_limit();
  return limit > 0 ? std::min(count, limit) : count;
}

// The blocks of `waves` full waves of `block_dim`-thread blocks on
// `device`: kThreadsPerSm / block_dim blocks (at least 1) per
// multiprocessor and wave. kMaxGridDim on backends without
// multiprocessors (the cpu one), whose grids are not capped.
std::uint64_t wave_cap(unsigned block_dim, int device, unsigned waves) {
  std::uint64_t cap = kMaxGridDim;
  if constexpr (backend::kHasMultiprocessors) {
    const std::uint64_t blocks_per_sm =
        std::max<std::uint64_t>(1, kThreadsPerSm / block_dim);
    cap = std::min(cap, waves * blocks_per_sm *
                            static_cast<std::uint64_t>(
                                multiprocessor_count(device)));
  }
  return cap;
}

// The most blocks grid_size hands out for `block_dim` on `device`.
std::uint64_t grid_cap(unsigned block_dim, int device) {
  return wave_cap(block_dim, device, kGridWaves);
}

// The same for the current device; the cpu backend needs no device.
std::uint64_t grid_cap(unsigned block_dim) {
  if constexpr (backend::kHasMultiprocessors)
    return grid_cap(block_dim, backend::current_device());
  else
    return kMaxGridDim;
}

void require_block_dim(unsigned block_dim, const char* function) {
  if (block_dim == 0)
    throw Error(std::string(function) + ": block_dim must be at least 1");
}

} // namespace

namespace {
unsigned grid_size_with_cap(std::uint64_t iterations, unsigned block_dim,
                            std::uint64_t cap) {
  const std::uint64_t blocks =
      iterations / block_dim + (iterations % block_dim != 0 ? 1 : 0);
  return static_cast<unsigned>(std::clamp<std::uint64_t>(blocks, 1, cap));
}
} // namespace

unsigned grid_size(std::uint64_t iterations, unsigned block_dim) {
  require_block_dim(block_dim, "grid_size");
  if (launch_check_fails())
    return 0; // an invalid configuration, which the driver reports
  return grid_size_with_cap(iterations, block_dim, grid_cap(block_dim));
}

unsigned grid_size(std::uint64_t iterations, unsigned block_dim,
                   const CallDevice& device) {
  require_block_dim(block_dim, "grid_size");
  if (launch_check_fails())
    return 0;
  return grid_size_with_cap(iterations, block_dim,
                            grid_cap(block_dim, device.index()));
}

unsigned reduction_grid_size(std::uint64_t iterations, unsigned block_dim,
                             const CallDevice& device) {
  require_block_dim(block_dim, "reduction_grid_size");
  if (launch_check_fails())
    return 0;
  return grid_size_with_cap(
      iterations, block_dim,
      wave_cap(block_dim, device.index(), kReductionGridWaves));
}

unsigned max_reduction_grid_size(unsigned block_dim) {
  require_block_dim(block_dim, "max_reduction_grid_size");
  if constexpr (backend::kHasMultiprocessors)
    return static_cast<unsigned>(
        wave_cap(block_dim, backend::current_device(), kReductionGridWaves));
  else
    return kMaxGridDim;
}

bool combine_apart(unsigned grid, unsigned block_dim, const CallDevice& device) {
  require_block_dim(block_dim, "combine_apart");
  return grid > wave_cap(block_dim, device.index(), kSinglePassWaves);
}

unsigned coarsened_grid_size(std::uint64_t groups, unsigned block_dim,
                             const CallDevice& device) {
  require_block_dim(block_dim, "coarsened_grid_size");
  if (launch_check_fails())
    return 0;
  return grid_size_with_cap(
      groups, block_dim,
      wave_cap(block_dim, device.index(), kCoarsenedGridWaves));
}

bool fits_32bit_index(std::uint64_t iterations, unsigned block_dim) {
  require_block_dim(block_dim, "fits_32bit_index");
  // A grid of at most one thread per iteration has a stride below
  // iterations + block_dim, and a flat index is below iterations: their sum
  // must stay below 2^32.
  const std::uint64_t bound = ((std::uint64_t{1} << 32) - block_dim) / 2;
  return iterations <= std::min(bound, test_32bit_index_limit());
}

unsigned one_group_per_thread_grid_size(std::uint64_t groups,
                                        unsigned block_dim) {
  require_block_dim(block_dim, "one_group_per_thread_grid_size");
  if (launch_check_fails())
    return 0;
  return grid_size_with_cap(groups, block_dim, kMaxGridDim);
}

CallDevice::CallDevice() : device_(backend::current_device()) {}

unsigned max_grid_size(unsigned block_dim) {
  require_block_dim(block_dim, "max_grid_size");
  return static_cast<unsigned>(grid_cap(block_dim));
}

bool coarsening_fills_device(std::uint64_t groups, unsigned block_dim,
                             const CallDevice& device) {
  require_block_dim(block_dim, "coarsening_fills_device");
  // One wave: the threads the device holds at once.
  return groups >= wave_cap(block_dim, device.index(), 1) * block_dim;
}

bool tiling_fills_device(std::uint64_t tiles, const CallDevice& device) {
  // One block of kThreadsPerSm threads per multiprocessor: the cap is the
  // multiprocessor count (kMaxGridDim on the cpu backend, which never
  // runs tiles).
  return tiles >= wave_cap(kThreadsPerSm, device.index(), 1);
}

unsigned task_grid_size() { return launch_check_fails() ? 0 : 1; }

} // namespace detail
} // namespace qd
