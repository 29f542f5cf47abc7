// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device code of graph mode's device-condition loops (SPEC 1, "Loops whose
// condition the GPU computes"): a loop of a graph-mode call is one
// conditional WHILE node of the call's graph, and its test kernel sets the
// node's condition, once before the loop and at the end of each iteration.
#ifndef QD_DETAIL_GRAPH_LOOP_H
#define QD_DETAIL_GRAPH_LOOP_H

#include "config.h"
#include "graph_call.h"

namespace qd {
namespace detail {

#if (defined(__CUDACC__) || defined(QD_HOST_KERNELS)) && CUDART_VERSION >= 12040
// One thread of the loop's test kernel calls it.
__device__ inline void set_loop_condition(LoopHandle loop, bool holds) {
  cudaGraphSetConditional(loop.value, holds ? 1u : 0u);
}
#elif defined(__CUDACC__)
// Only a kernel that has such a loop stops an older toolkit's build.
template <class Handle>
__device__ inline void set_loop_condition(Handle, bool) {
  static_assert(sizeof(Handle) == 0,
                "qd-translate: a graph-mode kernel with a device-condition "
                "loop needs CUDA 12.4 or later (conditional WHILE nodes); "
                "translate it in stream mode for an older toolkit");
}
#endif

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_GRAPH_LOOP_H
