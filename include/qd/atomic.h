// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Atomic read-modify-write helpers for kernel loop bodies.
//
// A loop body is device code under nvcc/hipcc and ordinary host code in the
// serial cpu build, and it must mean the same thing in both. These functions
// mirror CUDA's atomicAdd/atomicMin/atomicMax: they return the value the
// location held before the update and give relaxed ordering (no fence), so a
// program that is correct on the GPU is correct on the host and vice versa.
// On the host they use the GCC/Clang __atomic builtins, so they stay correct
// when the cpu target runs loop iterations on several threads.
//
// Floating-point min/max store `v` only when it compares less (greater) than
// the current value: a NaN argument never gets stored and a NaN already in
// memory stays. -0.0 and +0.0 compare equal, so neither replaces the other.
#ifndef QD_ATOMIC_H
#define QD_ATOMIC_H

#include "detail/config.h"

#include <type_traits>

namespace qd {
namespace detail {

// `long` is 64 bits on LP64 and 32 bits on LLP64; std::int64_t and
// std::size_t are spelled `long` on Linux, so it needs its own overloads that
// forward to the vendor type of the same width.
template <class T>
using same_width_signed_t =
    std::conditional_t<sizeof(T) == sizeof(long long), long long, int>;
template <class T>
using same_width_unsigned_t =
    std::conditional_t<sizeof(T) == sizeof(long long), unsigned long long,
                       unsigned>;

#if defined(QD_DEVICE_PASS)

// --- device side: vendor intrinsics (identical spellings in CUDA and HIP) ---

__device__ inline int device_add(int* p, int v) { return atomicAdd(p, v); }
__device__ inline unsigned device_add(unsigned* p, unsigned v) {
  return atomicAdd(p, v);
}
__device__ inline unsigned long long device_add(unsigned long long* p,
                                                unsigned long long v) {
  return atomicAdd(p, v);
}
// There is no signed 64-bit atomicAdd; two's complement addition is the same
// bit operation as the unsigned one.
__device__ inline long long device_add(long long* p, long long v) {
  return static_cast<long long>(
      atomicAdd(reinterpret_cast<unsigned long long*>(p),
                static_cast<unsigned long long>(v)));
}
__device__ inline float device_add(float* p, float v) { return atomicAdd(p, v); }
__device__ inline double device_add(double* p, double v) {
  return atomicAdd(p, v);
}

__device__ inline int device_min(int* p, int v) { return atomicMin(p, v); }
__device__ inline unsigned device_min(unsigned* p, unsigned v) {
  return atomicMin(p, v);
}
__device__ inline unsigned long long device_min(unsigned long long* p,
                                                unsigned long long v) {
  return atomicMin(p, v);
}
__device__ inline int device_max(int* p, int v) { return atomicMax(p, v); }
__device__ inline unsigned device_max(unsigned* p, unsigned v) {
  return atomicMax(p, v);
}
__device__ inline unsigned long long device_max(unsigned long long* p,
                                                unsigned long long v) {
  return atomicMax(p, v);
}
#if defined(__HIP__)
// HIP 5.x has no signed 64-bit atomicMin/atomicMax. HIP's own atomics are
// clang's __hip_atomic builtins, which do have them; relaxed and device
// scope, as CUDA's.
__device__ inline long long device_min(long long* p, long long v) {
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED,
                                __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline long long device_max(long long* p, long long v) {
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED,
                                __HIP_MEMORY_SCOPE_AGENT);
}
#else
__device__ inline long long device_min(long long* p, long long v) {
  return atomicMin(p, v);
}
__device__ inline long long device_max(long long* p, long long v) {
  return atomicMax(p, v);
}
#endif

// No float/double atomicMin/Max in hardware: compare-and-swap on the bit
// pattern. Comparing bits (not values) makes the loop terminate even when the
// location holds a NaN.
template <bool kWantLess>
__device__ inline float device_minmax_float(float* p, float v) {
  int* bits = reinterpret_cast<int*>(p);
  int old = *bits;
  while (kWantLess ? v < __int_as_float(old) : v > __int_as_float(old)) {
    const int assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(v));
    if (old == assumed)
      break;
  }
  return __int_as_float(old);
}
template <bool kWantLess>
__device__ inline double device_minmax_double(double* p, double v) {
  auto* bits = reinterpret_cast<unsigned long long*>(p);
  unsigned long long old = *bits;
  while (kWantLess ? v < __longlong_as_double(static_cast<long long>(old))
                   : v > __longlong_as_double(static_cast<long long>(old))) {
    const unsigned long long assumed = old;
    old = atomicCAS(bits, assumed,
                    static_cast<unsigned long long>(__double_as_longlong(v)));
    if (old == assumed)
      break;
  }
  return __longlong_as_double(static_cast<long long>(old));
}
__device__ inline float device_min(float* p, float v) {
  return device_minmax_float<true>(p, v);
}
__device__ inline float device_max(float* p, float v) {
  return device_minmax_float<false>(p, v);
}
__device__ inline double device_min(double* p, double v) {
  return device_minmax_double<true>(p, v);
}
__device__ inline double device_max(double* p, double v) {
  return device_minmax_double<false>(p, v);
}

#define QD_DETAIL_LONG_DEVICE_OP(op)                                           \
  __device__ inline long device_##op(long* p, long v) {                        \
    using W = same_width_signed_t<long>;                                       \
    return static_cast<long>(                                                  \
        device_##op(reinterpret_cast<W*>(p), static_cast<W>(v)));              \
  }                                                                            \
  __device__ inline unsigned long device_##op(unsigned long* p,                \
                                              unsigned long v) {               \
    using W = same_width_unsigned_t<unsigned long>;                            \
    return static_cast<unsigned long>(                                         \
        device_##op(reinterpret_cast<W*>(p), static_cast<W>(v)));              \
  }
QD_DETAIL_LONG_DEVICE_OP(add)
QD_DETAIL_LONG_DEVICE_OP(min)
QD_DETAIL_LONG_DEVICE_OP(max)
#undef QD_DETAIL_LONG_DEVICE_OP

#define QD_DETAIL_ATOMIC(op, p, v) ::qd::detail::device_##op(p, v)

#else // host side

// --- host side: GCC/Clang __atomic builtins, relaxed like CUDA's atomics ---

template <class T> inline T host_add(T* p, T v) {
  if constexpr (std::is_integral_v<T>) {
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  } else {
    // No fetch_add for floating point: CAS on the object representation,
    // which also terminates when the location holds a NaN.
    T old;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    T desired = old + v;
    while (!__atomic_compare_exchange(p, &old, &desired, /*weak=*/true,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      desired = old + v;
    return old;
  }
}

template <bool kWantLess, class T> inline T host_minmax(T* p, T v) {
  T old;
  __atomic_load(p, &old, __ATOMIC_RELAXED);
  while (kWantLess ? v < old : v > old) {
    if (__atomic_compare_exchange(p, &old, &v, /*weak=*/true, __ATOMIC_RELAXED,
                                  __ATOMIC_RELAXED))
      break;
  }
  return old;
}
template <class T> inline T host_min(T* p, T v) {
  return host_minmax<true>(p, v);
}
template <class T> inline T host_max(T* p, T v) {
  return host_minmax<false>(p, v);
}

#define QD_DETAIL_ATOMIC(op, p, v) ::qd::detail::host_##op(p, v)

#endif

} // namespace detail

// Non-template overloads (as in CUDA) so that `atomic_add(float_ptr, 1)`
// converts the operand instead of failing template deduction.
#define QD_DETAIL_DEFINE_ATOMICS(T)                                            \
  QD_HOST_DEVICE inline T atomic_add(T* address, T value) {                    \
    return QD_DETAIL_ATOMIC(add, address, value);                              \
  }                                                                            \
  QD_HOST_DEVICE inline T atomic_min(T* address, T value) {                    \
    return QD_DETAIL_ATOMIC(min, address, value);                              \
  }                                                                            \
  QD_HOST_DEVICE inline T atomic_max(T* address, T value) {                    \
    return QD_DETAIL_ATOMIC(max, address, value);                              \
  }

QD_DETAIL_DEFINE_ATOMICS(int)
QD_DETAIL_DEFINE_ATOMICS(unsigned)
QD_DETAIL_DEFINE_ATOMICS(long)
QD_DETAIL_DEFINE_ATOMICS(unsigned long)
QD_DETAIL_DEFINE_ATOMICS(long long)
QD_DETAIL_DEFINE_ATOMICS(unsigned long long)
QD_DETAIL_DEFINE_ATOMICS(float)
QD_DETAIL_DEFINE_ATOMICS(double)

#undef QD_DETAIL_DEFINE_ATOMICS
#undef QD_DETAIL_ATOMIC

} // namespace qd

#endif // QD_ATOMIC_H
