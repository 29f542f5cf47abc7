// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd::min, qd::max and qd::clamp: what std::min, std::max and std::clamp
// return, callable from device code without nvcc's --expt-relaxed-constexpr.
// nvcc treats the standard ones as host functions: without the flag a device
// call compiles with only a warning and returns a wrong value, so the CUDA
// output of qd-translate calls these instead. qd::min and qd::max are also
// recognized as the combine of a 'reduction(min: v)' or 'reduction(max: v)'
// clause. The definitions are the standard's: the first of equal values.
#ifndef QD_MINMAX_H
#define QD_MINMAX_H

#include "detail/config.h"

#include <initializer_list>

// nvcc makes a lambda written in device code a 'constexpr __device__'
// function (C++17 lambdas are constexpr), which a constexpr '__host__
// __device__' function may call only under --expt-relaxed-constexpr, and a
// plain '__host__ __device__' one may always call. So without the flag, the
// overloads that take a comparator are not constexpr under nvcc: a lambda
// comparator of device code builds, and a host function object still gets
// nvcc's warning.
#if defined(__CUDACC__) && !defined(__HIP__) &&                                \
    !defined(__CUDACC_RELAXED_CONSTEXPR__)
#define QD_COMPARE_CONSTEXPR
#else
#define QD_COMPARE_CONSTEXPR constexpr
#endif

namespace qd {

template <class T>
QD_HOST_DEVICE constexpr const T &min(const T &a, const T &b) {
  return b < a ? b : a;
}
template <class T, class Compare>
QD_HOST_DEVICE QD_COMPARE_CONSTEXPR const T &min(const T &a, const T &b,
                                                 Compare comp) {
  return comp(b, a) ? b : a;
}
template <class T>
QD_HOST_DEVICE constexpr T min(std::initializer_list<T> values) {
  const T *best = values.begin();
  for (const T *it = values.begin() + 1; it < values.end(); ++it)
    if (*it < *best)
      best = it;
  return *best;
}
template <class T, class Compare>
QD_HOST_DEVICE QD_COMPARE_CONSTEXPR T min(std::initializer_list<T> values,
                                          Compare comp) {
  const T *best = values.begin();
  for (const T *it = values.begin() + 1; it < values.end(); ++it)
    if (comp(*it, *best))
      best = it;
  return *best;
}

template <class T>
QD_HOST_DEVICE constexpr const T &max(const T &a, const T &b) {
  return a < b ? b : a;
}
template <class T, class Compare>
QD_HOST_DEVICE QD_COMPARE_CONSTEXPR const T &max(const T &a, const T &b,
                                                 Compare comp) {
  return comp(a, b) ? b : a;
}
template <class T>
QD_HOST_DEVICE constexpr T max(std::initializer_list<T> values) {
  const T *best = values.begin();
  for (const T *it = values.begin() + 1; it < values.end(); ++it)
    if (*best < *it)
      best = it;
  return *best;
}
template <class T, class Compare>
QD_HOST_DEVICE QD_COMPARE_CONSTEXPR T max(std::initializer_list<T> values,
                                          Compare comp) {
  const T *best = values.begin();
  for (const T *it = values.begin() + 1; it < values.end(); ++it)
    if (comp(*best, *it))
      best = it;
  return *best;
}

template <class T>
QD_HOST_DEVICE constexpr const T &clamp(const T &v, const T &lo, const T &hi) {
  return v < lo ? lo : (hi < v ? hi : v);
}
template <class T, class Compare>
QD_HOST_DEVICE QD_COMPARE_CONSTEXPR const T &clamp(const T &v, const T &lo,
                                                   const T &hi, Compare comp) {
  return comp(v, lo) ? lo : (comp(hi, v) ? hi : v);
}

} // namespace qd

#undef QD_COMPARE_CONSTEXPR

#endif // QD_MINMAX_H
