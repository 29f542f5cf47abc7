// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs generated-style reductions (device_reduce_check.h) on a real GPU:
// every operator against the serial program, block sizes that are not
// powers of two, bit-identical results run to run and stream to stream,
// concurrent calls that must not share scratch, no host synchronization, the
// scratch pool kept apart from the device's default pool, and unwinding
// after a failed launch. Plain main(); exits 77 (ctest "skipped") without a
// GPU. QD_SUITE_QUICK=1 shrinks the inputs (for compute-sanitizer runs).
#include <qd/detail/cuda.h>
#include <qd/testing.h>
#define QD_CHECK_GET_LAST_ERROR cudaGetLastError
#include "device_reduce_check.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

namespace {

using qd::detail::ReduceOp;
using qd_reduce_check::reduce_into;
using qd_reduce_check::ReduceManyResults;
using qd_reduce_check::Scaled;

int failures = 0;
// Inputs above this many elements are cut down to it under QD_SUITE_QUICK.
std::uint64_t size_limit = ~std::uint64_t{0};
std::uint64_t sized(std::uint64_t n) { return n < size_limit ? n : size_limit; }
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);            \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

__global__ void spin(std::uint64_t ns) {
  std::uint64_t start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (std::uint64_t now = start; now - start < ns;) {
    __nanosleep(1000);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  }
}

struct Input {
  std::vector<int> host;
  qd::Buffer<int> device;
  explicit Input(std::uint64_t n) : host(n), device(n ? n : 1) {
    for (std::uint64_t i = 0; i < n; ++i)
      host[i] = qd_reduce_check::reduce_many_input(i);
    if (n)
      device.copy_from_host(host.data());
    qd::synchronize();
  }
};

template <class T> T read_back(const qd::Buffer<T>& b, qd::StreamRef s) {
  T value;
  b.copy_to_host(&value, s);
  s.synchronize();
  return value;
}

template <class T> bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

void test_every_operator_matches_serial() {
  qd::Stream s;
  qd::Buffer<ReduceManyResults> out(1);
  for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2},
                          std::uint64_t{33}, std::uint64_t{1000},
                          std::uint64_t{1} << 20, std::uint64_t{5'000'003}}) {
    n = sized(n);
    Input x(n);
    reduce_many(out.data(), x.device.data(), n, s);
    const ReduceManyResults got = read_back(out, s);
    const int mismatches = qd_reduce_check::reduce_many_mismatches(
        got, x.host.data(), n, [n](const char* field, double value) {
          std::printf("  n=%llu: %s = %.17g differs from serial\n",
                      static_cast<unsigned long long>(n), field, value);
        });
    EXPECT(mismatches == 0);
  }
}

// An integer sum over a block of each size: exact, so a tree that drops or
// repeats one element shows.
template <unsigned BlockDim> void check_block_dim(const Input& x, std::uint64_t n,
                                                  qd::StreamRef s) {
  qd::Buffer<long long> out(1);
  reduce_into<ReduceOp::Sum, BlockDim, long long>(
      out.data(), 7, Scaled<long long>{x.device.data(), 1.0, 1000.0}, n, s);
  long long expected = 7;
  for (std::uint64_t i = 0; i < n; ++i)
    expected += x.host[i] + 1000;
  const long long got = read_back(out, s);
  if (got != expected)
    std::printf("  block_dim %u, n %llu: %lld, expected %lld\n", BlockDim,
                static_cast<unsigned long long>(n), got, expected);
  EXPECT(got == expected);
}

template <unsigned... Dims>
void check_block_dims(std::integer_sequence<unsigned, Dims...>) {
  qd::Stream s;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{999},
                          std::uint64_t{3'000'017}}) {
    n = sized(n);
    Input x(n);
    (check_block_dim<Dims>(x, n, s), ...);
  }
}

void test_block_dims() {
  check_block_dims(
      std::integer_sequence<unsigned, 1, 2, 3, 5, 31, 32, 33, 63, 64, 65, 96,
                            127, 128, 129, 255, 257, 511, 640, 768, 1000, 1023,
                            1024>{});
}

// The same float and double sums, bit for bit, on every run and stream.
void test_bitwise_deterministic() {
  const std::uint64_t n = sized(std::uint64_t{1} << 24);
  Input x(n);
  const Scaled<float> fvalue{x.device.data(), 0.1, 0.0};
  const Scaled<double> dvalue{x.device.data(), 0.37, 0.01};
  constexpr int kStreams = 4, kRuns = 25;
  std::vector<qd::Stream> streams(kStreams);
  std::vector<qd::Buffer<float>> fout;
  std::vector<qd::Buffer<double>> dout;
  for (int i = 0; i < kStreams * kRuns; ++i) {
    fout.emplace_back(1);
    dout.emplace_back(1);
  }
  // All runs in flight at once, four streams at a time.
  for (int i = 0; i < kStreams * kRuns; ++i) {
    reduce_into<ReduceOp::Sum, 256, float>(fout[i].data(), 0.f, fvalue, n,
                                           streams[i % kStreams]);
    reduce_into<ReduceOp::Sum, 96, double>(dout[i].data(), 0.0, dvalue, n,
                                           streams[i % kStreams]);
  }
  qd::synchronize();
  const float f0 = read_back(fout[0], {});
  const double d0 = read_back(dout[0], {});
  int differing = 0;
  for (int i = 1; i < kStreams * kRuns; ++i)
    differing += !same_bits(read_back(fout[i], {}), f0) +
                 !same_bits(read_back(dout[i], {}), d0);
  std::printf("deterministic: float sum %.9g, double sum %.17g, %d of %d "
              "runs differ\n",
              f0, d0, differing, 2 * (kStreams * kRuns - 1));
  EXPECT(differing == 0);
}

// Calls from several threads, each on its own stream with its own data: a
// shared counter or partial array would mix them up.
void test_concurrent_calls() {
  const std::uint64_t n = sized(1'000'003);
  Input x(n);
  constexpr int kThreads = 8, kCalls = 40;
  std::vector<std::thread> threads;
  std::vector<int> wrong(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      qd::Stream s;
      qd::Buffer<long long> out(kCalls);
      for (int c = 0; c < kCalls; ++c)
        reduce_into<ReduceOp::Sum, 128, long long>(
            out.data() + c, t, Scaled<long long>{x.device.data(), 1.0, double(c)},
            n, s);
      std::vector<long long> got(kCalls);
      out.copy_to_host(got.data(), s);
      s.synchronize();
      long long base = 0;
      for (std::uint64_t i = 0; i < n; ++i)
        base += x.host[i];
      for (int c = 0; c < kCalls; ++c)
        wrong[t] += got[c] != t + base + static_cast<long long>(c * n);
    });
  for (auto& th : threads)
    th.join();
  int total = 0;
  for (int w : wrong)
    total += w;
  EXPECT(total == 0);
}

// A call enqueues; it never waits for the GPU (here busy for 300 ms).
void test_no_host_sync() {
  const std::uint64_t n = sized(1 << 20);
  Input x(n);
  qd::Stream s;
  qd::Buffer<double> out(1);
  reduce_into<ReduceOp::Max, 256, double>(out.data(), -1e300,
                                          Scaled<double>{x.device.data(), 1.0, 0.0},
                                          n, s); // warm-up: creates the pool
  s.synchronize();
  spin<<<1, 1, 0, qd::detail::native(s)>>>(300'000'000);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 10; ++i)
    reduce_into<ReduceOp::Max, 256, double>(
        out.data(), -1e300, Scaled<double>{x.device.data(), 1.0, 0.0}, n, s);
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
  std::printf("10 reducing calls returned after %.3f ms (GPU busy 300 ms)\n",
              ms);
  EXPECT(ms < 100.0 || size_limit != ~std::uint64_t{0});
  EXPECT(read_back(out, s) == 500.0);
}

std::uint64_t default_pool_used(int device) {
  cudaMemPool_t pool = nullptr;
  std::uint64_t used = 0;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess ||
      cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent,
                              &used) != cudaSuccess)
    return ~std::uint64_t{0};
  return used;
}

// Scratch comes from our pool, not the default one, and is reused: many
// calls do not grow the device's memory use.
void test_scratch_pool() {
  const std::uint64_t n = 100'000;
  Input x(n);
  qd::Stream s;
  qd::Buffer<int> out(1);
  const std::uint64_t default_before = default_pool_used(0);
  for (int i = 0; i < 10; ++i)
    reduce_into<ReduceOp::Min, 64, int>(out.data(), 0,
                                        Scaled<int>{x.device.data(), 1.0, 0.0},
                                        n, s);
  s.synchronize();
  std::size_t free_before = 0, total = 0, free_after = 0;
  EXPECT(cudaMemGetInfo(&free_before, &total) == cudaSuccess);
  const auto t0 = std::chrono::steady_clock::now();
  const bool quick = size_limit != ~std::uint64_t{0};
  const int kCalls = quick ? 200 : 2000;
  for (int i = 0; i < kCalls; ++i) {
    reduce_into<ReduceOp::Min, 64, int>(out.data(), 0,
                                        Scaled<int>{x.device.data(), 1.0, 0.0},
                                        n, s);
    if (i % 100 == 0)
      s.synchronize(); // synchronizations must not hand memory back
  }
  const double us = std::chrono::duration<double, std::micro>(
                        std::chrono::steady_clock::now() - t0)
                        .count() /
                    kCalls;
  s.synchronize();
  // The host's share of that: taking, zeroing and giving back the scratch.
  const auto t1 = std::chrono::steady_clock::now();
  for (int i = 0; i < kCalls; ++i) {
    qd::detail::ReductionScratch scratch(s, 1, 1, {{64, sizeof(int)}});
    if (i % 100 == 0)
      s.synchronize();
  }
  const double scratch_us = std::chrono::duration<double, std::micro>(
                                std::chrono::steady_clock::now() - t1)
                                .count() /
                            kCalls;
  s.synchronize();
  EXPECT(cudaMemGetInfo(&free_after, &total) == cudaSuccess);
  std::printf("scratch pool: %.2f us per call (3 launches + scratch), "
              "%.2f us for the scratch alone, free memory %zu -> %zu bytes\n",
              us, scratch_us, free_before, free_after);
  if (!quick) // compute-sanitizer allocates device memory of its own
    EXPECT(free_after == free_before);
  EXPECT(default_pool_used(0) == default_before);
  EXPECT(read_back(out, s) == -500);
}

// A failed launch after the scratch was taken: the error names the kernel,
// the scratch goes back, the next call works.
void test_launch_failure() {
  const std::uint64_t n = 10'000;
  Input x(n);
  qd::Stream s;
  qd::Buffer<unsigned> out(1);
  bool threw = false;
  qd::testing::inject_launch_failure(2); // the loop; 1 is the store_value
  try {
    reduce_into<ReduceOp::BitOr, 256, unsigned>(
        out.data(), 0u, Scaled<unsigned>{x.device.data(), 1.0, 500.0}, n, s);
  } catch (const qd::Error& e) {
    threw = e.kernel() == "reduce_loop";
    std::printf("launch failure: %s\n", e.what());
  }
  qd::testing::inject_launch_failure(0);
  EXPECT(threw);
  EXPECT(cudaPeekAtLastError() == cudaSuccess);
  reduce_into<ReduceOp::BitOr, 256, unsigned>(
      out.data(), 0u, Scaled<unsigned>{x.device.data(), 1.0, 500.0}, n, s);
  EXPECT(read_back(out, s) == 1023u); // (0..1000) | ... = 0b1111111111
  EXPECT(cudaStreamSynchronize(qd::detail::native(s)) == cudaSuccess);
}

} // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: skipped\n");
    return 77;
  }
  const char* quick = std::getenv("QD_SUITE_QUICK");
  if (quick && *quick && std::strcmp(quick, "0") != 0)
    size_limit = 200'000;
  test_every_operator_matches_serial();
  test_block_dims();
  test_bitwise_deterministic();
  test_concurrent_calls();
  test_no_host_sync();
  test_scratch_pool();
  test_launch_failure();
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  std::printf("%s (%d failure(s))\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
