// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Matrix-vector products as qd kernels: the translated inner vector loops
// (`#pragma qd loop vector`) that bench/gemv_bench.cu compares with cuBLAS
// (cublasSgemv), with hand-written CUDA kernels and with the read rate of
// cub::DeviceReduce::Sum. A is row-major, n x n floats.
//
// y = A x reads a row per outer iteration: the translator gives each row a
// group of neighbouring threads (a warp at the default vector_length 32).
// y = A^T x reads a column per outer iteration: neighbouring threads take
// neighbouring columns, so that a group's loads are coalesced across groups.
// The same loops without `vector` (one thread per row or per column) are
// reported beside them, and a sweep of vector_length for both shapes.
// vector_length takes a literal, so each length is a kernel of its own.

// --- y = A x ---

#pragma qd kernel
void gemv_vector(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

// One thread per row.
#pragma qd kernel
void gemv_plain(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

#pragma qd kernel
void gemv_vector_4(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector vector_length(4) reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

#pragma qd kernel
void gemv_vector_8(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector vector_length(8) reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

#pragma qd kernel
void gemv_vector_16(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector vector_length(16) reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

#pragma qd kernel
void gemv_vector_64(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector vector_length(64) reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

#pragma qd kernel
void gemv_vector_128(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector vector_length(128) reduction(+: t)
    for (int j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    y[i] = t;
  }
}

// --- y = A^T x ---

#pragma qd kernel
void gemv_t_vector(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

// One thread per column.
#pragma qd kernel
void gemv_t_plain(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

#pragma qd kernel
void gemv_t_vector_4(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(4) reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

#pragma qd kernel
void gemv_t_vector_8(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(8) reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

#pragma qd kernel
void gemv_t_vector_16(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(16) reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

#pragma qd kernel
void gemv_t_vector_64(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(64) reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}

#pragma qd kernel
void gemv_t_vector_128(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(128) reduction(+: t)
    for (int i = 0; i < n; ++i)
      t += A[i * n + j] * x[i];
    y[j] = t;
  }
}
