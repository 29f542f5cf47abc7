// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd/detail/collapse.h -- the iteration space of '#pragma qd loop collapse(N)'.
//
// Generated code, not users, calls these. A collapsed nest is launched once
// over the product of its loops' trip counts, in row-major order: the
// innermost loop's index varies fastest between neighbouring threads, so
// `a[y * w + x]` in a collapse(2) over (y, x) coalesces.
#ifndef QD_DETAIL_COLLAPSE_H
#define QD_DETAIL_COLLAPSE_H

#include "../qd.h"
#include "config.h"

#include <cstdint>
#include <type_traits>
#include <string>

namespace qd {
namespace detail {

// Each loop's trip count, outer to inner, and their product.
template <int N>
struct CollapsedSpace {
  static_assert(N >= 2, "collapse combines at least two loops");
  std::uint64_t count[N];
  std::uint64_t total;
};

// Builds the space on the host. A product that does not fit in 64 bits
// throws qd::Error rather than wrapping around and skipping iterations.
template <int N>
CollapsedSpace<N> collapsed_space(const std::uint64_t (&counts)[N],
                                  const char* kernel, const char* file,
                                  unsigned line) {
  CollapsedSpace<N> space{};
  space.total = 1;
  bool empty = false;
  bool overflow = false;
  for (int d = 0; d < N; ++d) {
    space.count[d] = counts[d];
    empty = empty || counts[d] == 0;
    overflow = overflow || __builtin_mul_overflow(space.total, counts[d], &space.total);
  }
  if (empty) {
    space.total = 0; // an empty dimension launches nothing, whatever the rest
  } else if (overflow) {
    throw Error(std::string("qd kernel '") + kernel + "' (" + file + ":" +
                std::to_string(line) +
                "): the collapsed loop nest has more than 2^64 iterations");
  }
  return space;
}

// The space of a coarsened nest (translator/analysis/CoarsenAnalysis.h):
// dimension `d` counts groups of `rows` neighbouring iterations, the last
// group holding what is left. An empty space gives no groups (total 0).
template <int N>
CollapsedSpace<N> coarsened_space(const CollapsedSpace<N>& space, int d,
                                  unsigned rows) {
  CollapsedSpace<N> groups = space;
  // A reduction's loop is launched even when empty (its results must hold
  // the initializers); (0 - 1) / rows + 1 would wrap to 2^62 groups.
  groups.count[d] = space.count[d] == 0 ? 0 : (space.count[d] - 1) / rows + 1;
  groups.total = 1;
  for (int k = 0; k < N; ++k)
    groups.total *= groups.count[k]; // at most space.total: no overflow
  return groups;
}

// The tiles of outputs of a tiled product (the translator's TileAnalysis.h),
// `side` x `side` each: one block's work each.
inline std::uint64_t product_tiles(const CollapsedSpace<2>& space, unsigned side = 64) {
  return ((space.count[0] + side - 1) / side) * ((space.count[1] + side - 1) / side);
}

// Four neighbouring elements of a tiled product's shared-memory tile, read
// as one: a thread's outputs take 4 neighbouring rows (columns) of the tile,
// so each product step loads its operands as 16-byte vectors for 4-byte
// elements, which a loop of scalar loads does not reliably become.
template <class T>
struct alignas(4 * sizeof(T)) TileQuad {
  T v[4];
};

// `from` is aligned as TileQuad<T>: the tile is, and rows hold multiples of 4.
template <class T>
QD_HOST_DEVICE inline void load_quad(const T* from, T* to) {
  const TileQuad<T> quad = *reinterpret_cast<const TileQuad<T>*>(from);
  to[0] = quad.v[0];
  to[1] = quad.v[1];
  to[2] = quad.v[2];
  to[3] = quad.v[3];
}

// Whether a product may run tiled: each operand element a tile loads is
// then read by at least two iterations, so the parallel loop promises that
// none writes it. With one row or one column, it runs one output per
// thread.
inline bool tiling_applies(const CollapsedSpace<2>& space) {
  return space.count[0] >= 2 && space.count[1] >= 2;
}

// One copy per row of a local of a coarsened body (the translator's
// CoarsenCodeGen.cpp): row_copies<float, 4>, row_copies<const int[3], 4>.
template <class T, unsigned Rows>
using row_copies = std::remove_cv_t<T>[Rows];

// One thread's position in the space: its flat index and each loop's index.
// The grid stride is split into per-loop steps once, so advancing costs one
// add with carry per loop instead of a 64-bit division per iteration.
//
// `Index` is std::uint32_t for a space that fits_32bit_index() allows
// (coarsened nests launch that kernel when it does): the division that
// places a thread and every step are then 32-bit, and the cursor takes half
// the registers. On an H200 that made a coarsened 3x3 convolution 7-17%
// faster and let it run one group per thread (docs/performance.md).
template <int N, class Index = std::uint64_t>
struct CollapsedCursor {
  static_assert(std::is_unsigned_v<Index>, "the cursor counts in unsigned");
  Index flat;
  Index stride;
  Index index[N];
  Index step[N];

  QD_HOST_DEVICE CollapsedCursor(const CollapsedSpace<N>& space, Index first,
                                 Index stride_)
      : flat(first), stride(stride_) {
    // Only launched when total != 0, so every count is at least 1.
    split(space, first, index);
    split(space, stride_, step);
  }

  QD_HOST_DEVICE bool valid(const CollapsedSpace<N>& space) const {
    return flat < static_cast<Index>(space.total);
  }

  QD_HOST_DEVICE void advance(const CollapsedSpace<N>& space) {
    // For a 32-bit Index, fits_32bit_index() keeps flat + stride below 2^32.
    flat += stride;
    Index carry = 0;
    for (int d = N - 1; d > 0; --d) {
      // index and step are below count, so add + carry <= count: no overflow.
      const Index add = step[d] + carry;
      const Index room = static_cast<Index>(space.count[d]) - index[d];
      if (add >= room) {
        index[d] = add - room;
        carry = 1;
      } else {
        index[d] += add;
        carry = 0;
      }
    }
    index[0] += step[0] + carry; // past count[0] only once flat >= total
  }

private:
  QD_HOST_DEVICE static void split(const CollapsedSpace<N>& space,
                                   Index flat_index, Index (&digits)[N]) {
    for (int d = N - 1; d > 0; --d) {
      const Index count = static_cast<Index>(space.count[d]);
      if constexpr (sizeof(Index) > sizeof(std::uint32_t)) {
        // A 64-bit division is a long subroutine on GPUs; a 32-bit one is a
        // few instructions. One-iteration-per-thread grids (reduction loops)
        // place every thread this way, and nearly every value fits.
        if (((flat_index | count) >> 32) == 0) {
          const auto flat32 = static_cast<std::uint32_t>(flat_index);
          const auto count32 = static_cast<std::uint32_t>(count);
          digits[d] = flat32 % count32;
          flat_index = flat32 / count32;
          continue;
        }
      }
      digits[d] = flat_index % count;
      flat_index /= count;
    }
    digits[0] = flat_index;
  }
};

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_COLLAPSE_H
