// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Built (never run) when CUDA is available: proves that the header generated
// .cu code includes, the device helpers and a generated-style launch compile
// under nvcc.
#include <qd/detail/cuda.h>
#define QD_CHECK_GET_LAST_ERROR cudaGetLastError
#include "device_compile_check.h"

// A qd::StreamRef goes where the vendor's API takes a stream (what
// '#pragma qd host' statements hand to libraries), and still compares with
// nullptr unambiguously.
static_assert(std::is_convertible_v<qd::StreamRef, cudaStream_t>);
inline bool qd_check_stream_ref(qd::StreamRef s) {
  return cudaStreamQuery(s) == cudaStreamQuery(s) && s != nullptr;
}
