// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stencils as qd kernels, written the natural way: the translated loop
// nests that bench/stencil_bench.cu compares with hand-written kernels and
// with a device copy of the same bytes. Each comes twice: as the translator
// builds it by default (coarsened, 4 rows per thread) and with
// 'coarsen(1)', one output per thread, so that the gain is visible; and with
// 'coarsen(2)' and 'coarsen(8)', which check the default factor against its
// neighbours on every run (docs/performance.md, "Coarsening"). The variants
// differ only in the clause, so their bodies repeat on purpose.

// 3x3 convolution of an h x w float image; the border is left alone.
#pragma qd kernel
void conv3x3(const float* in, float* out, const float* k, int h, int w) {
  #pragma qd loop collapse(2)
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}

#pragma qd kernel
void conv3x3_one(const float* in, float* out, const float* k, int h, int w) {
  #pragma qd loop collapse(2) coarsen(1)
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}

#pragma qd kernel
void conv3x3_two(const float* in, float* out, const float* k, int h, int w) {
  #pragma qd loop collapse(2) coarsen(2)
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}

#pragma qd kernel
void conv3x3_eight(const float* in, float* out, const float* k, int h, int w) {
  #pragma qd loop collapse(2) coarsen(8)
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      float s = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}

// 7-point Laplacian of an n^3 float grid; the boundary is left alone.
#pragma qd kernel
void laplace7(const float* u, float* v, int n) {
  #pragma qd loop collapse(3)
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }
}

#pragma qd kernel
void laplace7_one(const float* u, float* v, int n) {
  #pragma qd loop collapse(3) coarsen(1)
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }
}

#pragma qd kernel
void laplace7_two(const float* u, float* v, int n) {
  #pragma qd loop collapse(3) coarsen(2)
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }
}

#pragma qd kernel
void laplace7_eight(const float* u, float* v, int n) {
  #pragma qd loop collapse(3) coarsen(8)
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        const long i = (long(z) * n + y) * n + x;
        v[i] = u[i - 1] + u[i + 1] + u[i - n] + u[i + n] + u[i - long(n) * n] +
               u[i + long(n) * n] - 6.f * u[i];
      }
}
