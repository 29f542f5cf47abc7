// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the benchmarks that compare with cuBLAS share: a status check.
#ifndef QD_BENCH_CUBLAS_SUPPORT_H
#define QD_BENCH_CUBLAS_SUPPORT_H

#include <cublas_v2.h>

#include <cstdio>
#include <cstdlib>

#define QD_BENCH_CUBLAS(call)                                                  \
  do {                                                                         \
    cublasStatus_t s = (call);                                                 \
    if (s != CUBLAS_STATUS_SUCCESS) {                                          \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, \
                   #call, static_cast<int>(s));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#endif // QD_BENCH_CUBLAS_SUPPORT_H
