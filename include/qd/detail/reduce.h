// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Deterministic reductions for `#pragma qd loop reduction(op: var)`.
//
// Generated code reduces one value per thread in three fixed-order steps: a
// block-wide tree (block_reduce) whose result thread 0 stores as the block's
// partial, a ticket that elects the last block to finish (last_block_done),
// and a fold of all partials by that block (reduce_partials). Every combine
// happens in an order fixed by the launch shape alone, never by which block
// or thread runs first, so a floating-point result is the same bit for bit on
// every run with the same input, device and launch shape; atomics only count.
//
// The operators and identities are host-callable too (tests, and the serial
// meaning); the block-level parts need a GPU compiler. Shared memory is used
// instead of warp shuffles: it works for any warp size (32 or 64) and for
// types that have no shuffle (bool, char), and it runs once per block.
//
// The names here are emitted by the translator; renaming one breaks every
// generated file.
#ifndef QD_DETAIL_REDUCE_H
#define QD_DETAIL_REDUCE_H

#include "check_every.h"
#include "config.h"

#include <cmath>
#include <type_traits>

namespace qd {
namespace detail {

enum class ReduceOp {
  Sum,
  Product,
  Min,
  Max,
  BitAnd,
  BitOr,
  BitXor,
  LogicalAnd,
  LogicalOr,
  // max and min combined with fmax/fmin, as the loop body does: a NaN
  // operand gives the other one.
  FMax,
  FMin
};

// For the static_assert of an `if constexpr` chain's impossible branch.
template <ReduceOp Op> inline constexpr bool kUnhandledReduceOp = false;

// Integer limits by bit arithmetic rather than std::numeric_limits, whose
// members are host functions that device code may only call under nvcc's
// --expt-relaxed-constexpr. U is T's unsigned twin: ~U{0} has all bits set.
template <class T> QD_HOST_DEVICE constexpr T reduce_int_max() noexcept {
  using U = std::make_unsigned_t<T>;
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>(static_cast<U>(~U{0}) >> 1);
  else
    return static_cast<T>(~U{0});
}

template <class T> QD_HOST_DEVICE constexpr T reduce_int_lowest() noexcept {
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>(-reduce_int_max<T>() - 1);
  else
    return T{0};
}

// +infinity of a floating-point T. HUGE_VAL(F) are compiler builtins, which
// are constant expressions on both sides.
template <class T> QD_HOST_DEVICE constexpr T reduce_infinity() noexcept {
  if constexpr (std::is_same_v<T, float>)
    return HUGE_VALF;
  else
    return static_cast<T>(HUGE_VAL);
}

// The element e with reduce_combine<Op>(e, x) == x for every x: what a
// thread that gets no iteration contributes.
template <ReduceOp Op, class T>
QD_HOST_DEVICE constexpr T reduce_identity() noexcept {
  static_assert(std::is_arithmetic_v<T>,
                "qd reductions need a variable of arithmetic type");
  if constexpr (Op == ReduceOp::Sum || Op == ReduceOp::BitOr ||
                Op == ReduceOp::BitXor || Op == ReduceOp::LogicalOr) {
    return T(0);
  } else if constexpr (Op == ReduceOp::Product ||
                       Op == ReduceOp::LogicalAnd) {
    return T(1);
  } else if constexpr (Op == ReduceOp::Min || Op == ReduceOp::FMin) {
    if constexpr (std::is_same_v<T, bool>)
      return true;
    else if constexpr (std::is_floating_point_v<T>)
      return reduce_infinity<T>();
    else
      return reduce_int_max<T>();
  } else if constexpr (Op == ReduceOp::Max || Op == ReduceOp::FMax) {
    if constexpr (std::is_same_v<T, bool>)
      return false;
    else if constexpr (std::is_floating_point_v<T>)
      return -reduce_infinity<T>();
    else
      return reduce_int_lowest<T>();
  } else if constexpr (Op == ReduceOp::BitAnd) {
    static_assert(std::is_integral_v<T>,
                  "reduction(&) needs an integer or bool variable");
    if constexpr (std::is_same_v<T, bool>)
      return true; // ~ on bool would be ~1 == -2, and warns
    else
      return static_cast<T>(~std::make_unsigned_t<T>{0});
  } else {
    static_assert(kUnhandledReduceOp<Op>, "unhandled qd::detail::ReduceOp");
  }
}

// a Op b, converted back to T, as `a = a op b` (or std::min/std::max(a, b))
// computes it in the serial program.
template <ReduceOp Op, class T>
QD_HOST_DEVICE constexpr T reduce_combine(T a, T b) noexcept {
  static_assert(std::is_arithmetic_v<T>,
                "qd reductions need a variable of arithmetic type");
  if constexpr (Op == ReduceOp::BitAnd || Op == ReduceOp::BitOr ||
                Op == ReduceOp::BitXor)
    static_assert(std::is_integral_v<T>,
                  "bitwise reductions need an integer or bool variable");
  if constexpr (Op == ReduceOp::Min) {
    return (b < a) ? b : a; // std::min(a, b): `a` on ties and NaN
  } else if constexpr (Op == ReduceOp::Max) {
    return (a < b) ? b : a; // std::max(a, b)
  } else if constexpr (Op == ReduceOp::FMax || Op == ReduceOp::FMin) {
    // fmax(a, b) or fmin(a, b), without <cmath>'s host-only overloads: the
    // other operand when one is NaN.
    const bool b_wins = Op == ReduceOp::FMax ? a < b : b < a;
    if constexpr (std::is_floating_point_v<T>)
      return (b_wins || a != a) ? b : a;
    else
      return b_wins ? b : a;
  } else if constexpr (Op == ReduceOp::LogicalAnd) {
    return static_cast<T>(a && b);
  } else if constexpr (Op == ReduceOp::LogicalOr) {
    return static_cast<T>(a || b);
  } else if constexpr (std::is_same_v<T, bool>) {
    // bool + bool is an int that converts back to a || b, bool * bool to
    // a && b; spelled so, since arithmetic on bool draws warnings.
    if constexpr (Op == ReduceOp::Sum || Op == ReduceOp::BitOr)
      return a || b;
    else if constexpr (Op == ReduceOp::Product || Op == ReduceOp::BitAnd)
      return a && b;
    else if constexpr (Op == ReduceOp::BitXor)
      return a != b;
    else
      static_assert(kUnhandledReduceOp<Op>, "unhandled qd::detail::ReduceOp");
  } else if constexpr (Op == ReduceOp::Sum) {
    return static_cast<T>(a + b);
  } else if constexpr (Op == ReduceOp::Product) {
    // Unsigned types narrower than int promote to (signed) int, where
    // 65535 * 65535 overflows; unsigned arithmetic wraps as intended.
    using P = std::conditional_t<std::is_unsigned_v<T> &&
                                     (sizeof(T) < sizeof(unsigned)),
                                 unsigned, T>;
    return static_cast<T>(static_cast<P>(a) * static_cast<P>(b));
  } else if constexpr (Op == ReduceOp::BitAnd) {
    return static_cast<T>(a & b);
  } else if constexpr (Op == ReduceOp::BitOr) {
    return static_cast<T>(a | b);
  } else if constexpr (Op == ReduceOp::BitXor) {
    return static_cast<T>(a ^ b);
  } else {
    static_assert(kUnhandledReduceOp<Op>, "unhandled qd::detail::ReduceOp");
  }
}

// The largest power of two not above n (n >= 1).
QD_HOST_DEVICE constexpr unsigned reduce_floor_pow2(unsigned n) noexcept {
  unsigned p = 1;
  while (p <= n / 2)
    p *= 2;
  return p;
}

// QD_HOST_KERNELS: the test suite's fake device, which runs a block's
// threads as fibers on the host (tests/runtime/fake_cuda).
#if defined(__CUDACC__) || defined(__HIPCC__) || defined(QD_HOST_KERNELS)

// Reduces one value per thread of a block of exactly BlockDim threads
// (blockDim.x == BlockDim) through `shared` (BlockDim elements of __shared__
// memory). The result is valid in thread 0. The tree is fixed by BlockDim:
// with P the largest power of two not above it, element t < BlockDim - P
// first absorbs element t + P; then, for stride = P/2, P/4, ..., 1, element
// t < stride absorbs element t + stride; the lower index is always the left
// operand. Every thread must call it; it ends with a barrier, so `shared`
// may be reused right after.
template <ReduceOp Op, unsigned BlockDim, class T>
__device__ T block_reduce(T value, T* shared) {
  static_assert(BlockDim >= 1 && BlockDim <= 1024,
                "block_reduce needs 1 to 1024 threads per block");
  constexpr unsigned kPow2 = reduce_floor_pow2(BlockDim);
  const unsigned t = threadIdx.x;
  // Each thread keeps its running value in a register, so thread 0 never
  // rereads shared memory and nothing follows the last barrier.
  T acc = value;
  shared[t] = acc;
  __syncthreads();
  if constexpr (kPow2 != BlockDim) {
    if (t < BlockDim - kPow2) {
      acc = reduce_combine<Op, T>(acc, shared[t + kPow2]);
      shared[t] = acc;
    }
    __syncthreads();
  }
  for (unsigned stride = kPow2 / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      acc = reduce_combine<Op, T>(acc, shared[t + stride]);
      shared[t] = acc;
    }
    __syncthreads();
  }
  return acc;
}

// The ticket of a single-pass grid reduction: called by every thread of
// every block after thread 0 stored the block's partial. True in every
// thread of the one block that arrives last, false in all others. `*done`
// starts at 0; the last block sets it back to 0, so the counter is ready for
// the next launch even if nothing clears it in between.
__device__ inline bool last_block_done(unsigned* done) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    // Publishes this block's partial before the ticket can be seen.
    __threadfence();
    const unsigned ticket = atomicAdd(done, 1u);
    last = ticket == gridDim.x - 1;
    if (last) {
      // Orders this block's reads of the partials after every ticket.
      __threadfence();
      *done = 0;
    }
  }
  __syncthreads();
  const bool result = last;
  // A second call (another reduction loop in one kernel) must not overwrite
  // `last` while a thread still reads it.
  __syncthreads();
  return result;
}

// Folds partials[0..n) in a fixed order: thread t takes t, t + BlockDim, ...
// from the identity, then block_reduce. Valid in thread 0. The loads of
// Batch steps are issued first, then combined in the same order, so the
// batch changes how many loads are in flight, never the result.
template <ReduceOp Op, unsigned BlockDim, unsigned Batch, class P, class T>
__device__ T fold_partials(P p, unsigned n, T* shared) {
  T acc = reduce_identity<Op, T>();
  unsigned i = threadIdx.x;
  for (; i + (Batch - 1) * BlockDim < n; i += Batch * BlockDim) {
    T batch[Batch];
    for (unsigned k = 0; k < Batch; ++k)
      batch[k] = p[i + k * BlockDim];
    for (unsigned k = 0; k < Batch; ++k)
      acc = reduce_combine<Op, T>(acc, batch[k]);
  }
  for (; i < n; i += BlockDim)
    acc = reduce_combine<Op, T>(acc, p[i]);
  return block_reduce<Op, BlockDim, T>(acc, shared);
}

// In the last block: the fold of the partials. They were written by other
// blocks during this launch, so they are read through volatile: a load that
// goes to the coherent level instead of trusting this multiprocessor's
// (incoherent) L1 line. The compiler keeps volatile loads in order with
// their uses, so one load a step would wait a full L2 round trip each; the
// loads of kPartialsBatch steps are issued first. With grids of several
// waves (grid_size) a thread folds some tens of partials.
inline constexpr unsigned kPartialsBatch = 8;

template <ReduceOp Op, unsigned BlockDim, class T>
__device__ T reduce_partials(const T* partials, unsigned n, T* shared) {
  return fold_partials<Op, BlockDim, kPartialsBatch>(
      static_cast<const volatile T*>(partials), n, shared);
}

// The same fold in a combine kernel launched after the loop
// (combine_apart), the same bits. The partials were written by an earlier
// kernel on the stream, so plain loads see them, and the compiler issues a
// whole batch at once. A grid of 64 waves has 62,500 partials at 4000^2
// cells, 244 a thread: on an H200 (TeaLeaf's cg_calc_ur) the fold took
// 19.4 us eight volatile loads at a time, one L2 round trip per batch.
inline constexpr unsigned kApartPartialsBatch = 32;

template <ReduceOp Op, unsigned BlockDim, class T>
__device__ T reduce_partials_apart(const T* partials, unsigned n, T* shared) {
  return fold_partials<Op, BlockDim, kApartPartialsBatch>(partials, n, shared);
}

// Sets a reduction's result slot to a host value, in order on the stream
// it is launched on: '#pragma qd loop seq' sets it to the local's value
// before the loop, and 'res = 0.f;' resets it (generated code launches it
// with one thread).
template <class T>
__global__ void __launch_bounds__(1) set_device_scalar(T* slot, T value) {
  *slot = value;
}

// The same in the body of a 'check_every' loop: nothing once its condition
// has failed (check_every.h).
template <class T>
__global__ void __launch_bounds__(1)
    set_device_scalar_if(T* slot, T value, const LoopPredicate* predicate) {
  if (predicate->active)
    *slot = value;
}

// A 'check_every' loop's test found the condition false: later launches of
// the body do nothing, and the host learns which test it was.
__device__ inline void stop_loop(LoopPredicate* predicate, unsigned test) {
  predicate->active = 0;
  predicate->stopped = test;
}

#endif // __CUDACC__ || __HIPCC__ || QD_HOST_KERNELS

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_REDUCE_H
