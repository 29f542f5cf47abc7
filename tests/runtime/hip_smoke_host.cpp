// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs the HIP build of the runtime (HIP's clang, or nvcc through
// tests/hip_on_cuda) from plain C++ with no vendor header: the
// generated-style two-block region and reductions of hip_compile_check.hip,
// checked against what the serial program would compute. Exits 77 (ctest "skipped") when
// there is no GPU to run on.
#include <qd/qd.h>

#include "reduce_many.h"

#include <climits>
#include <cstdint>
#include <cstdio>
#include <vector>

void accumulate_twice(float* sum, double* dsum, int* imin, long long* hits,
                      unsigned long long* umax, std::int64_t* i64,
                      const float* x, std::uint64_t n, qd::StreamRef stream);
void reduce_many(qd_reduce_check::ReduceManyResults* out, const int* x,
                 std::uint64_t n, qd::StreamRef stream);

namespace {

template <class T> qd::Buffer<T> on_device(std::vector<T> values, qd::StreamRef s) {
  qd::Buffer<T> b(values.size());
  b.copy_from_host(values.data(), s);
  s.synchronize(); // `values` dies here; the copy must have read it
  return b;
}

template <class T> std::vector<T> on_host(const qd::Buffer<T>& b, qd::StreamRef s) {
  std::vector<T> values(b.size());
  b.copy_to_host(values.data(), s);
  s.synchronize();
  return values;
}

int failures = 0;
void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

} // namespace

int main() {
  int devices = 0;
  try {
    devices = qd::device_count();
  } catch (const qd::Error& e) {
    std::printf("%s\n", e.what());
  }
  if (devices == 0) {
    std::printf("no GPU: skipped\n");
    return 77;
  }

  const std::uint64_t n = 1000;
  std::vector<float> x(n);
  for (std::uint64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i % 7);

  qd::Stream s;
  auto dx = on_device(x, s);
  auto sum = on_device<float>({0.f, 1e30f}, s);
  auto dsum = on_device<double>({0.0, -1e300}, s);
  auto imin = on_device<int>({INT_MAX}, s);
  auto hits = on_device<long long>({0}, s);
  auto umax = on_device<unsigned long long>({0}, s);
  auto i64 = on_device<std::int64_t>({-1}, s);

  // Each of the region's two blocks runs the loop once over all of x.
  accumulate_twice(sum.data(), dsum.data(), imin.data(), hits.data(),
                   umax.data(), i64.data(), dx.data(), n, s);

  double total = 0;
  for (float v : x)
    total += v;
  const auto h_sum = on_host(sum, s);
  const auto h_dsum = on_host(dsum, s);
  expect(h_sum[0] == static_cast<float>(2 * total), "float atomic_add");
  expect(h_sum[1] == 0.f, "float atomic_min");
  expect(h_dsum[0] == 2 * total, "double atomic_add");
  expect(h_dsum[1] == 6.0, "double atomic_max");
  expect(on_host(imin, s)[0] == 0, "int atomic_min");
  expect(on_host(hits, s)[0] == static_cast<long long>(2 * n), "long long atomic_add");
  expect(on_host(umax, s)[0] == n - 1, "unsigned long long atomic_max");
  expect(on_host(i64, s)[0] == static_cast<std::int64_t>(n - 1), "int64 atomic_max");
  // Every reduction operator, on a size that takes several blocks per
  // multiprocessor and several iterations per thread.
  for (std::uint64_t reduce_n : {std::uint64_t{0}, std::uint64_t{1000},
                                 std::uint64_t{3'000'017}}) {
    std::vector<int> values(reduce_n);
    for (std::uint64_t i = 0; i < reduce_n; ++i)
      values[i] = qd_reduce_check::reduce_many_input(i);
    auto dvalues = on_device(values.empty() ? std::vector<int>{0} : values, s);
    qd::Buffer<qd_reduce_check::ReduceManyResults> results(1);
    reduce_many(results.data(), dvalues.data(), reduce_n, s);
    const int mismatches = qd_reduce_check::reduce_many_mismatches(
        on_host(results, s)[0], values.data(), reduce_n,
        [](const char* field, double value) {
          std::printf("  %s = %.17g differs from serial\n", field, value);
        });
    expect(mismatches == 0, "reductions match the serial program");
  }
  expect(qd::stream_pool_stats().in_use == 0, "pooled streams given back");
  expect(qd::event_pool_stats().in_use == 0, "pooled events given back");

  std::printf("hip smoke: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
