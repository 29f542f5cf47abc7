// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cases of reduce_many (device_reduce_check.h): every reduction
// operator on types it suits, each through its own block size (powers of
// two and not, from 1 to 1024), and their serial meaning. Plain C++ too, so
// that the GPU smoke tests' host halves compute the reference.
#ifndef QD_TESTS_RUNTIME_REDUCE_MANY_H
#define QD_TESTS_RUNTIME_REDUCE_MANY_H

#include <qd/detail/reduce.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace qd_reduce_check {

// Iteration i's contribution: x[i] * scale + offset in T (through long long
// for integers, where a negative double would not convert). With a scale
// like 0.1, float sums round differently in every combine order, so a result
// that depends on timing would show.
template <class T> struct Scaled {
  const int* x;
  double scale;
  double offset;
  QD_HOST_DEVICE T operator()(std::uint64_t i) const {
    const double v = x[i] * scale + offset;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
      return static_cast<T>(static_cast<long long>(v));
    else
      return static_cast<T>(v);
  }
};

// X(field, operator, block_dim, type, initializer, scale, offset)
#define QD_REDUCE_MANY_CASES(X)                                                \
  X(float_sum, Sum, 256, float, 0.5f, 0.1, 0.0)                                \
  X(double_sum, Sum, 100, double, 0.0, 0.1, 0.0)                               \
  X(char_sum, Sum, 2, char, 0, 1.0, 0.0)                                       \
  X(double_product, Product, 1, double, 1.0, 1e-5, 1.0)                        \
  X(ushort_product, Product, 48, unsigned short, 1, 1.0, 0.0)                  \
  X(int_min, Min, 96, int, 1000, -1.0, 0.0)                                    \
  X(float_min, Min, 512, float, 1e30f, 0.5, 0.0)                               \
  X(ull_max, Max, 1024, unsigned long long, 0, 3.0, 0.0)                       \
  X(schar_max, Max, 3, signed char, -100, 0.25, 0.0)                           \
  X(double_max, Max, 33, double, -1e300, -0.25, 0.0)                           \
  X(long_and, BitAnd, 128, long, -1, 1.0, 0.0)                                 \
  X(short_or, BitOr, 1000, short, 0, 1.0, 0.0)                                 \
  X(uint_xor, BitXor, 64, unsigned, 0, 1.0, 0.0)                               \
  X(all_nonzero, LogicalAnd, 32, bool, true, 1.0, 0.0)                         \
  X(float_all, LogicalAnd, 17, float, 1.0f, 1.0, 0.0)                          \
  X(none_set, LogicalOr, 7, bool, false, 0.0, 0.0)                             \
  X(any_positive, LogicalOr, 5, long long, 0, 1.0, -400.0)

struct ReduceManyResults {
#define QD_REDUCE_FIELD(field, op, block, T, init, scale, offset) T field;
  QD_REDUCE_MANY_CASES(QD_REDUCE_FIELD)
#undef QD_REDUCE_FIELD
  // Two reductions of one loop (sum_and_max): sum of x[i] * 0.1 from 0,
  // max of x[i] from -1, block_dim 160.
  double pair_sum;
  int pair_max;
};

template <qd::detail::ReduceOp Op, class T>
T reduce_serially(T init, Scaled<T> value, std::uint64_t n) {
  T acc = init;
  for (std::uint64_t i = 0; i < n; ++i)
    acc = qd::detail::reduce_combine<Op, T>(acc, value(i));
  return acc;
}

// Whether `got`, a GPU result of a reduction from `init` over value(0..n),
// is the serial program's. Exact, except for floating sums and products,
// whose rounding depends on the combine order (the GPU's is a tree, the
// serial one a chain): those are compared with a long double reference, up
// to a bound on the tree's rounding error.
template <qd::detail::ReduceOp Op, class T>
bool matches_serial(T got, T init, Scaled<T> value, std::uint64_t n) {
  using qd::detail::ReduceOp;
  if constexpr (std::is_floating_point_v<T> &&
                (Op == ReduceOp::Sum || Op == ReduceOp::Product)) {
    const long double eps = std::is_same_v<T, float> ? 1.2e-7L : 2.3e-16L;
    long double exact = init, magnitude = std::fabs(init);
    for (std::uint64_t i = 0; i < n; ++i) {
      if constexpr (Op == ReduceOp::Sum) {
        exact += value(i);
        magnitude += std::fabs(value(i));
      } else {
        exact *= value(i);
      }
    }
    // A sum's error is bounded by its depth times eps times the sum of
    // magnitudes; a product's, relative, by its length times eps. The GPU's
    // depth is each thread's chain (n over at least 8192 threads) plus the
    // trees (under 64).
    const long double bound =
        Op == ReduceOp::Sum ? (64 + n / 8192) * eps * magnitude
                            : (n + 1) * eps * std::fabs(exact);
    return std::fabs(static_cast<long double>(got) - exact) <= bound;
  } else {
    return got == reduce_serially<Op, T>(init, value, n);
  }
}

// Prints each result of reduce_many that is not the serial program's;
// returns how many.
template <class Print>
int reduce_many_mismatches(const ReduceManyResults& got, const int* x,
                           std::uint64_t n, Print print) {
  using qd::detail::ReduceOp;
  int mismatches = 0;
#define QD_REDUCE_COMPARE(field, op, block, T, init, scale, offset)            \
  if (!matches_serial<ReduceOp::op, T>(got.field, static_cast<T>(init),         \
                                       Scaled<T>{x, scale, offset}, n)) {      \
    print(#field, static_cast<double>(got.field));                             \
    ++mismatches;                                                              \
  }
  QD_REDUCE_MANY_CASES(QD_REDUCE_COMPARE)
#undef QD_REDUCE_COMPARE
  if (!matches_serial<ReduceOp::Sum, double>(got.pair_sum, 0.0,
                                             Scaled<double>{x, 0.1, 0.0}, n)) {
    print("pair_sum", got.pair_sum);
    ++mismatches;
  }
  if (got.pair_max !=
      reduce_serially<ReduceOp::Max, int>(-1, Scaled<int>{x, 1.0, 0.0}, n)) {
    print("pair_max", got.pair_max);
    ++mismatches;
  }
  return mismatches;
}

// Test data: x[i] in [-500, 500], 0 included.
inline int reduce_many_input(std::uint64_t i) {
  return static_cast<int>((i * 7919) % 1001) - 500;
}

} // namespace qd_reduce_check

#endif // QD_TESTS_RUNTIME_REDUCE_MANY_H
