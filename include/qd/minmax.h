// qd::min and qd::max: what std::min and std::max return, callable from
// device code without nvcc's --expt-relaxed-constexpr, and recognized as the
// combine of a 'reduction(min: v)' or 'reduction(max: v)' clause.
#ifndef QD_MINMAX_H
#define QD_MINMAX_H

#include "detail/config.h"

namespace qd {

// `b` if it is less than `a`, else `a`: the first of equal values, as std::min.
template <class T> QD_HOST_DEVICE constexpr const T& min(const T& a, const T& b) {
  return b < a ? b : a;
}

// `b` if `a` is less than it, else `a`: the first of equal values, as std::max.
template <class T> QD_HOST_DEVICE constexpr const T& max(const T& a, const T& b) {
  return a < b ? b : a;
}

} // namespace qd

#endif // QD_MINMAX_H
