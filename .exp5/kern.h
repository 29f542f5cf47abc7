// Scratch: index width and coarsening factor of the generated cursor loops.
#include <qd/detail/cuda.h>
#include <qd/detail/collapse.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cstring>
#include <cstdint>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e)); std::exit(1);} } while (0)
template <int N, class I> struct Space { I count[N]; I total; };
template <int N, class I> Space<N, I> narrow(const qd::detail::CollapsedSpace<N>& s) { Space<N, I> r; for (int d = 0; d < N; ++d) r.count[d] = I(s.count[d]); r.total = I(s.total); return r; }
template <int N, class I> struct Cur {
  I flat, stride, index[N], step[N];
  __device__ Cur(const Space<N, I>& s, I first, I st) : flat(first), stride(st) { split(s, first, index); split(s, st, step); }
  __device__ bool valid(const Space<N, I>& s) const { return flat < s.total; }
  __device__ void advance(const Space<N, I>& s) {
    flat += stride; I carry = 0;
    for (int d = N - 1; d > 0; --d) { const I add = step[d] + carry; const I room = s.count[d] - index[d];
      if (add >= room) { index[d] = add - room; carry = 1; } else { index[d] += add; carry = 0; } }
    index[0] += step[0] + carry;
  }
  __device__ static void split(const Space<N, I>& s, I f, I (&dg)[N]) { for (int d = N - 1; d > 0; --d) { dg[d] = f % s.count[d]; f /= s.count[d]; } dg[0] = f; }
};
template <class I> __device__ I gthread() { return I(blockIdx.x) * blockDim.x + threadIdx.x; }
template <class I> __device__ I gthreads() { return I(gridDim.x) * blockDim.x; }

template <class I, unsigned R> __global__ void __launch_bounds__(256)
fill_k(Space<2, I> sp, I rows, float* a, int w) {
  for (Cur<2, I> at(sp, gthread<I>(), gthreads<I>()); at.valid(sp); at.advance(sp)) {
    int x = int(at.index[1]); const I r0 = at.index[0] * R;
    if (rows - r0 >= R) {
      float v[R];
#pragma unroll
      for (unsigned r = 0; r < R; ++r) { int y = int(r0 + r); v[r] = float(y) + 0.5f * float(x); }
#pragma unroll
      for (unsigned r = 0; r < R; ++r) { int y = int(r0 + r); a[y * w + x] = v[r]; }
    } else for (I r = r0; r < rows; ++r) { int y = int(r); a[y * w + x] = float(y) + 0.5f * float(x); }
  }
}
template <class I, unsigned R> __global__ void __launch_bounds__(256)
conv_k(Space<2, I> sp, I rows, const float* in, float* out, const float* k, int w) {
  for (Cur<2, I> at(sp, gthread<I>(), gthreads<I>()); at.valid(sp); at.advance(sp)) {
    int x = 1 + int(at.index[1]); const I r0 = at.index[0] * R;
    if (rows - r0 >= R) {
      float s[R];
#pragma unroll
      for (unsigned r = 0; r < R; ++r) s[r] = 0.f;
      for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) {
        float v[R];
#pragma unroll
        for (unsigned r = 0; r < R; ++r) { int y = 1 + int(r0 + r); v[r] = in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1]; }
#pragma unroll
        for (unsigned r = 0; r < R; ++r) s[r] += v[r];
      }
#pragma unroll
      for (unsigned r = 0; r < R; ++r) { int y = 1 + int(r0 + r); out[y * w + x] = s[r]; }
    } else for (I r = r0; r < rows; ++r) { int y = 1 + int(r);
      float s = 0.f; for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s; }
  }
}
template <class I, unsigned R> __global__ void __launch_bounds__(256)
lap_k(Space<3, I> sp, I rows, const float* u, float* v, int n) {
  for (Cur<3, I> at(sp, gthread<I>(), gthreads<I>()); at.valid(sp); at.advance(sp)) {
    int z = 1 + int(at.index[0]); int x = 1 + int(at.index[2]); const I r0 = at.index[1] * R;
    if (rows - r0 >= R) {
      long ii[R]; float val[R];
#pragma unroll
      for (unsigned r = 0; r < R; ++r) { int y = 1 + int(r0 + r); ii[r] = (long(z) * n + y) * n + x; }
#pragma unroll
      for (unsigned r = 0; r < R; ++r) { long i = ii[r]; val[r] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] + u[i + long(n) * n] - 6.f * u[i]; }
#pragma unroll
      for (unsigned r = 0; r < R; ++r) v[ii[r]] = val[r];
    } else for (I r = r0; r < rows; ++r) { int y = 1 + int(r); const long i = (long(z) * n + y) * n + x;
      v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] + u[i + long(n) * n] - 6.f * u[i]; }
  }
}
constexpr int kRows = 4;
__global__ void __launch_bounds__(256) fill_hand_rows(float* __restrict__ a, int h, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; const int y0 = blockIdx.y * blockDim.y * kRows + threadIdx.y;
  if (x >= w) return;
  for (int r = 0; r < kRows; ++r) { const int y = y0 + r * blockDim.y; if (y < h) a[y * w + x] = float(y) + 0.5f * float(x); }
}
__global__ void __launch_bounds__(256) fill_hand(float* __restrict__ a, int h, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) a[y * w + x] = float(y) + 0.5f * float(x);
}
__global__ void initk(float* p, std::size_t n, unsigned seed) {
  for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    p[i] = float((i * 2654435761u + seed) % 1024) / 512.f - 1.f;
}
template <class F> double median_ms(F f) {
  cudaEvent_t s, e; cudaEventCreate(&s); cudaEventCreate(&e);
  f(); f(); CK(cudaDeviceSynchronize());
  std::vector<float> v;
  for (int r = 0; r < 31; ++r) { cudaEventRecord(s); f(); cudaEventRecord(e); cudaEventSynchronize(e); float ms; cudaEventElapsedTime(&ms, s, e); v.push_back(ms); }
  std::sort(v.begin(), v.end()); return v[v.size() / 2];
}
bool same(const float* x, const float* y, std::size_t n) {
  std::vector<float> a(n), b(n);
  CK(cudaMemcpy(a.data(), x, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(b.data(), y, n * 4, cudaMemcpyDeviceToHost));
  return std::memcmp(a.data(), b.data(), n * 4) == 0;
}
template <int N, class I, unsigned R, class K, class... A> void launch(K k, unsigned grid, const qd::detail::CollapsedSpace<N>& space, int d, A... a) {
  const auto g = qd::detail::coarsened_space(space, d, R);
  k<<<grid, 256>>>(narrow<N, I>(g), I(space.count[d]), a...);
}
