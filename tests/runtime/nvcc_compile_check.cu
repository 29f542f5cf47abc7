// Built (never run) when CUDA is available: proves that the header generated
// code includes, the device helpers and a generated-style launch compile
// under nvcc.
#include <qd/detail/cuda.h>

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
  if (qd::detail::trip_count(0u, 3u, false) != 3u)
    __trap();
}

} // namespace

// The shape of a generated host entry point with one two-block region.
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
    qd::detail::check_launch(cudaGetLastError(), "accumulate", "check.cpp", 3);
  }
  for (std::size_t b = 0; b < streams.size(); ++b) {
    qd::detail::PooledEvent join;
    join.record(streams[b]);
    join.wait(stream);
  }
}
