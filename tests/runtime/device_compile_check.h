// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The body of the device compile checks (nvcc_compile_check.cu,
// hip_compile_check.hip): the device helpers, a generated-style region with
// its launches, and generated-style reductions (device_reduce_check.h). The including file first includes the vendor bridge
// (qd/detail/cuda.h or qd/detail/hip.h) and defines QD_CHECK_GET_LAST_ERROR
// as that vendor's cudaGetLastError/hipGetLastError, the one spelling in
// generated code that differs.
#ifndef QD_CHECK_GET_LAST_ERROR
#error "define QD_CHECK_GET_LAST_ERROR before including device_compile_check.h"
#endif

#include <cstdint>

namespace {

__global__ void accumulate(float* sum, double* dsum, int* imin, long long* hits,
                           unsigned long long* umax, std::int64_t* i64,
                           const float* x, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x;
       i < n; i += std::uint64_t{gridDim.x} * blockDim.x) {
    qd::atomic_add(sum, x[i]);
    qd::atomic_add(dsum, double(x[i]));
    qd::atomic_min(imin, int(x[i]));
    qd::atomic_add(hits, 1LL);
    qd::atomic_max(umax, static_cast<unsigned long long>(i));
    qd::atomic_max(i64, static_cast<std::int64_t>(i));
    qd::atomic_min(sum + 1, x[i]);
    qd::atomic_max(dsum + 1, double(x[i]));
  }
  static_assert(qd::detail::trip_count(0, 4, true) == 5);
  // Called at run time too (no trap: its spelling differs between vendors).
  if (qd::detail::trip_count(0u, 3u, false) != 3u)
    *hits = -1;
}

} // namespace

// The shape of a generated host entry point with one two-block region. Not
// static: the hip_on_cuda smoke test calls it from plain C++.
void accumulate_twice(float* sum, double* dsum, int* imin, long long* hits,
                      unsigned long long* umax, std::int64_t* i64,
                      const float* x, std::uint64_t n, qd::StreamRef stream) {
  const std::uint64_t trips = qd::detail::trip_count(std::uint64_t{0}, n, false);
  if (trips == 0)
    return;
  qd::detail::PooledStreams streams(2);
  qd::detail::PooledEvent fork;
  fork.record(stream);
  for (std::size_t b = 0; b < streams.size(); ++b) {
    fork.wait(streams[b]);
    accumulate<<<qd::detail::grid_size(trips, 256), 256, 0,
                 qd::detail::native(streams[b])>>>(sum, dsum, imin, hits, umax,
                                                   i64, x, n);
    qd::detail::check_launch(QD_CHECK_GET_LAST_ERROR(), "accumulate", "check.cpp", 3);
  }
  for (std::size_t b = 0; b < streams.size(); ++b) {
    qd::detail::PooledEvent join;
    join.record(streams[b]);
    join.wait(stream);
  }
}

#include "device_reduce_check.h"
