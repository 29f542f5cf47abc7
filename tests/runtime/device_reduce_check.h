// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The shape of code generated for parallel loops with `reduction(op: var)`,
// in the vendor spelling the includer chose (device_compile_check.h says
// how): the initializer goes to the variable's slot in the call's scratch,
// the loop reduces into it (per thread, per block, then the last block folds
// the partials), and a serial task reads it. Compiled by the device compile
// checks for several types, operators and block sizes, and run by the GPU
// smoke tests (cuda_reduce_smoke_test.cu, hip_smoke_host.cpp).
#ifndef QD_TESTS_RUNTIME_DEVICE_REDUCE_CHECK_H
#define QD_TESTS_RUNTIME_DEVICE_REDUCE_CHECK_H

#ifndef QD_CHECK_GET_LAST_ERROR
#error "define QD_CHECK_GET_LAST_ERROR before including device_reduce_check.h"
#endif

#include "reduce_many.h"

#include <cstdint>

namespace qd_reduce_check {

using qd::detail::ReduceOp;

template <class T> __global__ void store_value(T* to, T value) { *to = value; }
template <class T> __global__ void copy_value(T* to, const T* from) {
  *to = *from;
}

// `for (i = 0; i < n; ++i) var = var op value(i);`
template <ReduceOp Op, unsigned BlockDim, class T, class Value>
__global__ void __launch_bounds__(BlockDim)
    reduce_loop(Value value, std::uint64_t n, T* var, T* partials,
                unsigned* done) {
  __shared__ T shared[BlockDim];
  T acc = qd::detail::reduce_identity<Op, T>();
  for (std::uint64_t i = blockIdx.x * std::uint64_t{BlockDim} + threadIdx.x;
       i < n; i += std::uint64_t{gridDim.x} * BlockDim)
    acc = qd::detail::reduce_combine<Op, T>(acc, value(i));
  acc = qd::detail::block_reduce<Op, BlockDim, T>(acc, shared);
  if (threadIdx.x == 0)
    partials[blockIdx.x] = acc;
  if (qd::detail::last_block_done(done)) {
    const T total = qd::detail::reduce_partials<Op, BlockDim, T>(
        partials, gridDim.x, shared);
    if (threadIdx.x == 0)
      *var = qd::detail::reduce_combine<Op, T>(*var, total);
  }
}

// Two reductions in one loop share one counter:
// `sum += x[i] * 0.1; biggest = std::max(biggest, x[i]);`
template <unsigned BlockDim>
__global__ void __launch_bounds__(BlockDim)
    sum_and_max_loop(const int* x, std::uint64_t n, double* sum, int* biggest,
                     double* sum_partials, int* max_partials, unsigned* done) {
  __shared__ double sum_shared[BlockDim];
  __shared__ int max_shared[BlockDim];
  double s = qd::detail::reduce_identity<ReduceOp::Sum, double>();
  int m = qd::detail::reduce_identity<ReduceOp::Max, int>();
  for (std::uint64_t i = blockIdx.x * std::uint64_t{BlockDim} + threadIdx.x;
       i < n; i += std::uint64_t{gridDim.x} * BlockDim) {
    s = qd::detail::reduce_combine<ReduceOp::Sum>(s, x[i] * 0.1);
    m = qd::detail::reduce_combine<ReduceOp::Max>(m, x[i]);
  }
  s = qd::detail::block_reduce<ReduceOp::Sum, BlockDim>(s, sum_shared);
  m = qd::detail::block_reduce<ReduceOp::Max, BlockDim>(m, max_shared);
  if (threadIdx.x == 0) {
    sum_partials[blockIdx.x] = s;
    max_partials[blockIdx.x] = m;
  }
  if (qd::detail::last_block_done(done)) {
    s = qd::detail::reduce_partials<ReduceOp::Sum, BlockDim>(
        sum_partials, gridDim.x, sum_shared);
    m = qd::detail::reduce_partials<ReduceOp::Max, BlockDim>(
        max_partials, gridDim.x, max_shared);
    if (threadIdx.x == 0) {
      *sum = qd::detail::reduce_combine<ReduceOp::Sum>(*sum, s);
      *biggest = qd::detail::reduce_combine<ReduceOp::Max>(*biggest, m);
    }
  }
}

inline void check(const char* kernel, unsigned line) {
  qd::detail::check_launch(QD_CHECK_GET_LAST_ERROR(), kernel,
                           "device_reduce_check.h", line);
}

// A generated host entry point: `T var = init; <loop>; *out = var;`.
template <ReduceOp Op, unsigned BlockDim, class T, class Value>
void reduce_into(T* out, T init, Value value, std::uint64_t n,
                 qd::StreamRef stream) {
  qd::detail::StreamCallGuard guard(stream);
  qd::detail::ReductionScratch scratch(stream, 1, 1,
                                       {{BlockDim, sizeof(T)}});
  const auto s = qd::detail::native(stream);
  store_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(
      scratch.template slot<T>(0), init);
  check("store_value", __LINE__);
  if (n != 0) {
    reduce_loop<Op, BlockDim, T>
        <<<qd::detail::grid_size(n, BlockDim), BlockDim, 0, s>>>(
            value, n, scratch.template slot<T>(0),
            scratch.template partials<T>(0), scratch.counter(0));
    check("reduce_loop", __LINE__);
  }
  copy_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(
      out, scratch.template slot<T>(0));
  check("copy_value", __LINE__);
}

template <unsigned BlockDim>
void sum_and_max(double* sum, int* biggest, const int* x, std::uint64_t n,
                 qd::StreamRef stream) {
  qd::detail::StreamCallGuard guard(stream);
  qd::detail::ReductionScratch scratch(
      stream, 2, 1, {{BlockDim, sizeof(double)}, {BlockDim, sizeof(int)}});
  const auto s = qd::detail::native(stream);
  store_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(
      scratch.slot<double>(0), 0.0);
  store_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(scratch.slot<int>(1),
                                                         -1);
  check("store_value", __LINE__);
  sum_and_max_loop<BlockDim>
      <<<qd::detail::grid_size(n, BlockDim), BlockDim, 0, s>>>(
          x, n, scratch.slot<double>(0), scratch.slot<int>(1),
          scratch.partials<double>(0), scratch.partials<int>(1),
          scratch.counter(0));
  check("sum_and_max_loop", __LINE__);
  copy_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(
      sum, scratch.slot<double>(0));
  copy_value<<<qd::detail::task_grid_size(), 1, 0, s>>>(biggest,
                                                        scratch.slot<int>(1));
  check("copy_value", __LINE__);
}

} // namespace qd_reduce_check

// The cases of reduce_many.h on the GPU, each variable in a call of its own,
// results in `out` (device memory); x[0..n) is device memory too. Not
// static: the HIP smoke test runs it from plain C++.
void reduce_many(qd_reduce_check::ReduceManyResults* out, const int* x,
                 std::uint64_t n, qd::StreamRef stream) {
  using qd::detail::ReduceOp;
  using qd_reduce_check::Scaled;
#define QD_REDUCE_CALL(field, op, block, T, init, scale, offset)               \
  qd_reduce_check::reduce_into<ReduceOp::op, block, T>(                         \
      &out->field, static_cast<T>(init), Scaled<T>{x, scale, offset}, n,       \
      stream);
  QD_REDUCE_MANY_CASES(QD_REDUCE_CALL)
#undef QD_REDUCE_CALL
  qd_reduce_check::sum_and_max<160>(&out->pair_sum, &out->pair_max, x, n,
                                    stream);
}

#endif // QD_TESTS_RUNTIME_DEVICE_REDUCE_CHECK_H
