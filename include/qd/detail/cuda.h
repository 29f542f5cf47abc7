// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Included only by .cu files that qd-translate generates for the CUDA target:
// the bridge between the vendor-neutral runtime API and CUDA launch syntax.
#ifndef QD_DETAIL_CUDA_H
#define QD_DETAIL_CUDA_H

#include <cuda_runtime.h>

#include "../qd.h"
#include "graph_loop.h"
#include "launch_support.h"
#include "profiling.h"
#include "reduce.h"
#include "thread_index.h"
#include "vector_group.h"

namespace qd {
namespace detail {

// The stream to name in `kernel<<<grid, block, 0, native(s)>>>`.
inline cudaStream_t native(qd::StreamRef s) noexcept {
  return static_cast<cudaStream_t>(s.native());
}

// Checks the status of a launch (pass cudaGetLastError() right after the
// <<<>>> expression). Launch-configuration errors are not sticky, so the
// error is consumed here: otherwise the next check would report this failure
// again against an innocent kernel.
inline void check_launch(cudaError_t e, const char* kernel, const char* file,
                         unsigned line) {
  if (e == cudaSuccess)
    return;
  if (cudaPeekAtLastError() == e)
    (void)cudaGetLastError();
  throw_launch_error(kernel, file, line, cudaGetErrorString(e));
}

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_CUDA_H
