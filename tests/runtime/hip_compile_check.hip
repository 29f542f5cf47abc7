// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Built (never run here) by the HIP builds: with HIP's clang when
// QD_HAVE_HIP, and with nvcc through tests/hip_on_cuda. Proves that the
// header generated .hip code includes, the device helpers and a
// generated-style launch compile with HIP spellings.
#include <qd/detail/hip.h>
#define QD_CHECK_GET_LAST_ERROR hipGetLastError
#include "device_compile_check.h"

// hipStream_t must pick one of qd::StreamRef's implicit constructors, also
// where it is spelled as cudaStream_t (tests/hip_on_cuda).
static_assert(std::is_convertible_v<hipStream_t, qd::StreamRef>);

// A qd::StreamRef goes where the vendor's API takes a stream (what
// '#pragma qd host' statements hand to libraries), and still compares with
// nullptr unambiguously.
static_assert(std::is_convertible_v<qd::StreamRef, hipStream_t>);
inline bool qd_check_stream_ref(qd::StreamRef s) {
  return hipStreamQuery(s) == hipStreamQuery(s) && s != nullptr;
}
