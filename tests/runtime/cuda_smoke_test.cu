// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs the CUDA build of the runtime on a real GPU: pools, the generated
// region shape (fork/join), the no-host-sync guarantee, launch and API
// errors, device atomics. Plain main() so it needs nothing but nvcc; exits
// 77 (ctest "skipped") when no GPU is present.
#include <qd/detail/cuda.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

bool host_side_round_trip(); // cuda_smoke_host.cpp

namespace {

int failures = 0;
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);            \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

__device__ std::uint64_t now_ns() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Busy for `ns`, then writes `value` to `*out` (and `*mapped_flag` if given).
__global__ void spin_then_write(int* out, int value, std::uint64_t ns,
                                volatile int* mapped_flag) {
  const std::uint64_t start = now_ns();
  while (now_ns() - start < ns)
    __nanosleep(1000);
  *out = value;
  if (mapped_flag) {
    __threadfence_system();
    *mapped_flag = value;
  }
}

__global__ void copy_plus(const int* in, int* out, int add) { *out = *in + add; }

__global__ void add_one(int* p) { *p += 1; }

__global__ void atomics(int* i, unsigned* u, long long* ll,
                        unsigned long long* ull, float* f, double* d,
                        std::int64_t* i64, std::size_t* sz, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  qd::atomic_add(&i[0], 1);
  qd::atomic_min(&i[1], -t);
  qd::atomic_max(&i[2], t);
  qd::atomic_add(&u[0], 2u);
  qd::atomic_max(&u[1], unsigned(t));
  qd::atomic_add(&ll[0], -3LL);
  qd::atomic_min(&ll[1], (long long)t - 5);
  qd::atomic_add(&ull[0], 1ull);
  qd::atomic_max(&ull[1], (unsigned long long)t * 7);
  qd::atomic_add(&f[0], 1.f);
  qd::atomic_min(&f[1], float(t) - 0.5f);
  qd::atomic_max(&f[2], float(t) + 0.25f);
  qd::atomic_add(&d[0], 0.5);
  qd::atomic_min(&d[1], -double(t));
  qd::atomic_max(&d[2], double(t) * 2.0);
  qd::atomic_add(&i64[0], std::int64_t{-1});
  qd::atomic_max(&sz[0], std::size_t(t));
}

std::size_t live(const qd::PoolStats& s) { return s.created - s.destroyed; }

// A generated host entry point: launch-stream kernel, a two-block region,
// then a launch-stream kernel that reads both blocks' results.
void region(int* data, qd::StreamRef stream, std::uint64_t spin_ns) {
  spin_then_write<<<1, 1, 0, qd::detail::native(stream)>>>(&data[0], 41,
                                                            spin_ns, nullptr);
  qd::detail::check_launch(cudaGetLastError(), "spin", "smoke.cpp", 1);
  qd::detail::PooledStreams streams(2);
  qd::detail::PooledEvent fork;
  fork.record(stream);
  for (std::size_t b = 0; b < 2; ++b) {
    fork.wait(streams[b]);
    copy_plus<<<1, 1, 0, qd::detail::native(streams[b])>>>(
        &data[0], &data[1 + b], int(b) + 1);
    qd::detail::check_launch(cudaGetLastError(), "block", "smoke.cpp", 2);
  }
  for (std::size_t b = 0; b < 2; ++b) {
    qd::detail::PooledEvent join;
    join.record(streams[b]);
    join.wait(stream);
  }
  // Runs only after both blocks: data[3] = data[1] + 100, data[4] = data[2]...
  copy_plus<<<1, 1, 0, qd::detail::native(stream)>>>(&data[1], &data[3], 100);
  copy_plus<<<1, 1, 0, qd::detail::native(stream)>>>(&data[2], &data[4], 100);
  qd::detail::check_launch(cudaGetLastError(), "tail", "smoke.cpp", 3);
}

void test_region_ordering_and_no_host_sync() {
  qd::trim_pools();
  qd::Stream launch;
  qd::Buffer<int> data(5);
  int zeros[5] = {};
  data.copy_from_host(zeros, launch);
  launch.synchronize();

  const auto t0 = std::chrono::steady_clock::now();
  region(data.data(), launch, 300'000'000); // launch stream busy for 300 ms
  const double call_ms = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - t0)
                             .count();
  std::printf("region call returned after %.3f ms (GPU busy 300 ms)\n",
              call_ms);
  EXPECT(call_ms < 100.0); // enqueued, not waited for
  int out[5] = {};
  data.copy_to_host(out, launch);
  launch.synchronize();
  EXPECT(out[0] == 41);
  EXPECT(out[1] == 42);  // block 0 saw the launch stream's write (fork)
  EXPECT(out[2] == 43);  // block 1 likewise
  EXPECT(out[3] == 142); // tail saw block 0's write (join)
  EXPECT(out[4] == 143);

  for (int i = 0; i < 20; ++i)
    region(data.data(), launch, 0);
  launch.synchronize();
  const qd::PoolStats s = qd::stream_pool_stats();
  EXPECT(s.in_use == 0);
  EXPECT(live(s) == 2);
  EXPECT(qd::event_pool_stats().in_use == 0);
  EXPECT(live(qd::event_pool_stats()) == 2);
}

void test_pooled_streams_are_distinct_and_non_blocking() {
  qd::detail::PooledStreams streams(4);
  std::set<void*> handles;
  for (std::size_t i = 0; i < streams.size(); ++i) {
    handles.insert(streams[i].native());
    unsigned flags = 0;
    EXPECT(cudaStreamGetFlags(qd::detail::native(streams[i]), &flags) ==
           cudaSuccess);
    EXPECT(flags == cudaStreamNonBlocking);
  }
  EXPECT(handles.size() == 4);
  EXPECT(handles.count(nullptr) == 0);
}

void test_blocks_run_concurrently() {
  qd::Buffer<int> data(2);
  qd::Event start, end;
  start.record();
  {
    qd::detail::PooledStreams streams(2);
    qd::detail::PooledEvent fork;
    fork.record({});
    for (std::size_t b = 0; b < 2; ++b) {
      fork.wait(streams[b]);
      spin_then_write<<<1, 1, 0, qd::detail::native(streams[b])>>>(
          data.data() + b, 1, 200'000'000, nullptr);
    }
    for (std::size_t b = 0; b < 2; ++b) {
      qd::detail::PooledEvent join;
      join.record(streams[b]);
      join.wait({});
    }
  }
  end.record();
  end.synchronize();
  const float ms = qd::Event::elapsed_ms(start, end);
  std::printf("two 200 ms blocks took %.1f ms\n", ms);
  EXPECT(ms >= 190.f);
  EXPECT(ms < 350.f); // serial would be 400 ms
}

void test_launch_error() {
  const qd::PoolStats before = qd::stream_pool_stats();
  std::string message;
  cudaError_t status = cudaSuccess;
  try {
    qd::detail::PooledStreams streams(3);
    add_one<<<1, 4096, 0, qd::detail::native(streams[0])>>>(nullptr);
    status = cudaGetLastError();
    qd::detail::check_launch(status, "saxpy", "saxpy.cpp", 12);
  } catch (const qd::Error& e) {
    message = e.what();
    EXPECT(e.kernel() == "saxpy");
    EXPECT(e.line() == 12);
  }
  std::printf("launch error: %s\n", message.c_str());
  EXPECT(status != cudaSuccess); // a 4096-thread block is too large
  // The driver's wording varies by version ("invalid configuration argument"
  // in CUDA 12, "invalid argument" in 13); the frame around it does not.
  EXPECT(message == std::string("qd kernel 'saxpy' (saxpy.cpp:12): launch "
                                "failed: ") +
                        cudaGetErrorString(status));
  EXPECT(qd::stream_pool_stats().in_use == before.in_use);
  // The error was consumed: the next good launch checks clean.
  EXPECT(cudaPeekAtLastError() == cudaSuccess);
  qd::Buffer<int> one(1);
  add_one<<<1, 1>>>(one.data());
  bool threw = false;
  try {
    qd::detail::check_launch(cudaGetLastError(), "add_one", "x.cpp", 1);
  } catch (const qd::Error&) {
    threw = true;
  }
  EXPECT(!threw);
}

void test_api_error() {
  std::string call, what;
  try {
    qd::set_device(1 << 20);
  } catch (const qd::Error& e) {
    call = e.call();
    what = e.what();
  }
  std::printf("api error: %s\n", what.c_str());
  EXPECT(call == "cudaSetDevice");
  EXPECT(what.find("qd: cudaSetDevice failed: ") == 0);
  EXPECT(cudaPeekAtLastError() == cudaSuccess);
}

void test_stream_destructor_waits() {
  int* flag = nullptr;
  EXPECT(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped) == cudaSuccess);
  *flag = 0;
  int* dflag = nullptr;
  EXPECT(cudaHostGetDevicePointer(&dflag, flag, 0) == cudaSuccess);
  qd::Buffer<int> scratch(1);
  {
    qd::Stream s;
    spin_then_write<<<1, 1, 0, qd::detail::native(s)>>>(scratch.data(), 7,
                                                        100'000'000, dflag);
  }
  EXPECT(*reinterpret_cast<volatile int*>(flag) == 7);
  cudaFreeHost(flag);
}

void test_event_ready_and_elapsed() {
  qd::Stream s;
  qd::Buffer<int> scratch(1);
  qd::Event start, end;
  start.record(s);
  spin_then_write<<<1, 1, 0, qd::detail::native(s)>>>(scratch.data(), 1,
                                                      100'000'000, nullptr);
  end.record(s);
  EXPECT(!end.ready());
  EXPECT(cudaPeekAtLastError() == cudaSuccess); // "not ready" is no error
  end.synchronize();
  EXPECT(end.ready());
  const float ms = qd::Event::elapsed_ms(start, end);
  EXPECT(ms >= 95.f && ms < 1000.f);
}

void test_grid_size_caps_at_blocks_per_sm() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  std::printf("SMs: %d\n", sms);
  EXPECT(qd::detail::grid_size(std::uint64_t{1} << 40, 256) ==
         qd::detail::kThreadsPerSm / 256 * unsigned(sms));
  EXPECT(qd::detail::grid_size(std::uint64_t{1} << 40, 64) ==
         qd::detail::kThreadsPerSm / 64 * unsigned(sms));
  EXPECT(qd::detail::grid_size(std::uint64_t{1} << 40, 1024) ==
         qd::detail::kThreadsPerSm / 1024 * unsigned(sms));
  EXPECT(qd::detail::grid_size(1000, 256) == 4u);
  EXPECT(qd::detail::grid_size(0, 256) == 1u);
}

template <class T> T* device_array(std::initializer_list<T> init) {
  T* p = nullptr;
  cudaMalloc(&p, init.size() * sizeof(T));
  cudaMemcpy(p, init.begin(), init.size() * sizeof(T), cudaMemcpyHostToDevice);
  return p;
}
template <class T> std::vector<T> host_copy(const T* p, std::size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}

void test_device_atomics() {
  constexpr int n = 100000;
  int* i = device_array<int>({0, 0, -1});
  unsigned* u = device_array<unsigned>({0, 0});
  long long* ll = device_array<long long>({0, 0});
  unsigned long long* ull = device_array<unsigned long long>({0, 0});
  float* f = device_array<float>({0.f, 1e30f, -1e30f});
  double* d = device_array<double>({0.0, 0.0, 0.0});
  std::int64_t* i64 = device_array<std::int64_t>({0});
  std::size_t* sz = device_array<std::size_t>({0});
  atomics<<<(n + 255) / 256, 256>>>(i, u, ll, ull, f, d, i64, sz, n);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  const auto hi = host_copy(i, 3);
  EXPECT(hi[0] == n && hi[1] == -(n - 1) && hi[2] == n - 1);
  const auto hu = host_copy(u, 2);
  EXPECT(hu[0] == 2u * n && hu[1] == unsigned(n - 1));
  const auto hll = host_copy(ll, 2);
  EXPECT(hll[0] == -3LL * n && hll[1] == -5);
  const auto hull = host_copy(ull, 2);
  EXPECT(hull[0] == n && hull[1] == 7ull * (n - 1));
  const auto hf = host_copy(f, 3);
  EXPECT(hf[0] == float(n) && hf[1] == -0.5f && hf[2] == float(n - 1) + 0.25f);
  const auto hd = host_copy(d, 3);
  EXPECT(hd[0] == 0.5 * n && hd[1] == -double(n - 1) &&
         hd[2] == 2.0 * (n - 1));
  EXPECT(host_copy(i64, 1)[0] == -n);
  EXPECT(host_copy(sz, 1)[0] == std::size_t(n - 1));
  for (void* p : {(void*)i, (void*)u, (void*)ll, (void*)ull, (void*)f,
                  (void*)d, (void*)i64, (void*)sz})
    cudaFree(p);
}

void test_threads() {
  qd::trim_pools();
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([] {
      for (int c = 0; c < 300; ++c) {
        qd::detail::PooledStreams streams(1 + c % 3);
        qd::detail::PooledEvent e;
        e.record(streams[0]);
        e.wait({});
      }
    });
  for (auto& th : threads)
    th.join();
  const qd::PoolStats s = qd::stream_pool_stats();
  EXPECT(s.in_use == 0);
  EXPECT(live(s) <= 24);
  std::printf("threads: %zu streams created for %zu hand-outs\n", live(s),
              s.acquired);
}

} // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: skipped\n");
    return 77;
  }
  test_pooled_streams_are_distinct_and_non_blocking();
  test_region_ordering_and_no_host_sync();
  test_blocks_run_concurrently();
  test_launch_error();
  test_api_error();
  test_stream_destructor_waits();
  test_event_ready_and_elapsed();
  test_grid_size_caps_at_blocks_per_sm();
  test_device_atomics();
  test_threads();
  EXPECT(host_side_round_trip());
  std::printf("%s (%d failure(s))\n", failures ? "FAILED" : "PASSED", failures);
  return failures ? 1 : 0;
}
