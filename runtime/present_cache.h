// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-thread cache of present-table hits (present_table.cpp; docs/
// runtime.md, "Data regions and the present table").
//
// A kernel call inside a data region looks up each pointer argument; a loop
// of calls looks up the same few ranges again and again. Each thread keeps
// the last kEntries ranges it found, with the device they were found on and
// the generation of that device's table: every change of the table (a range
// made present, a range removed) bumps the generation, under the table's
// exclusive lock and before the device copy is freed, and an entry of
// another generation is never used. A hit is a thread-local scan and one
// atomic load of a line that only data directives write: no lock, no map.
#ifndef QD_RUNTIME_PRESENT_CACHE_H
#define QD_RUNTIME_PRESENT_CACHE_H

#include <cstddef>
#include <cstdint>

namespace qd {
namespace detail {

class PresentCache {
public:
  // A kernel rarely takes more distinct present arrays than this.
  static constexpr unsigned kEntries = 8;

  // The device address of [begin, begin + bytes) (bytes > 0) if a cached
  // range of `device`, found at table generation `generation`, contains it;
  // else null.
  void* find(int device, std::uint64_t generation, std::uintptr_t begin,
             std::size_t bytes) const noexcept {
    if (device != device_ || generation != generation_)
      return nullptr;
    for (const Hit& h : hits_) {
      const std::uintptr_t offset = begin - h.begin; // wraps when below
      if (offset < h.bytes && bytes <= h.bytes - offset)
        return static_cast<char*>(h.device) + offset;
    }
    return nullptr;
  }

  // Remembers the present range [begin, begin + bytes) -> `device_copy` of
  // `device`, read under the table's lock at `generation`; entries of
  // another device or generation are dropped.
  void remember(int device, std::uint64_t generation, std::uintptr_t begin,
                std::size_t bytes, void* device_copy) noexcept {
    if (device != device_ || generation != generation_) {
      for (Hit& h : hits_)
        h = Hit{};
      device_ = device;
      generation_ = generation;
      next_ = 0;
    }
    hits_[next_] = Hit{begin, bytes, device_copy};
    next_ = (next_ + 1) % kEntries;
  }

private:
  struct Hit {
    std::uintptr_t begin = 0;
    std::size_t bytes = 0; // 0: empty
    void* device = nullptr;
  };
  int device_ = -1;
  std::uint64_t generation_ = 0; // tables start at generation 1
  unsigned next_ = 0;            // the entry replaced next (round robin)
  Hit hits_[kEntries];
};

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_PRESENT_CACHE_H
