// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Included only by .hip files that qd-translate generates for the HIP target:
// the bridge between the vendor-neutral runtime API and HIP launch syntax.
#ifndef QD_DETAIL_HIP_H
#define QD_DETAIL_HIP_H

#include <hip/hip_runtime.h>

#include "../qd.h"
#include "launch_support.h"
#include "profiling.h"
#include "reduce.h"
#include "thread_index.h"
#include "vector_group.h"

namespace qd {
namespace detail {

// The stream to name in `kernel<<<grid, block, 0, native(s)>>>`.
inline hipStream_t native(qd::StreamRef s) noexcept {
  return static_cast<hipStream_t>(s.native());
}

// Checks the status of a launch (pass hipGetLastError() right after the
// <<<>>> expression); consumes the error so that the next check does not
// report it again against another kernel.
inline void check_launch(hipError_t e, const char* kernel, const char* file,
                         unsigned line) {
  if (e == hipSuccess)
    return;
  if (hipPeekAtLastError() == e)
    (void)hipGetLastError();
  throw_launch_error(kernel, file, line, hipGetErrorString(e));
}

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_HIP_H
