// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GraphSplits.h - Where a graph-mode call's graph may end -----------===//
//
// '#pragma qd host wait' and '#pragma qd update' in a graph-mode kernel: the
// host must wait, or copy pageable memory, at the statement, which a graph
// launched at the end of the call cannot do. Where the statement runs in
// the launch stream's order, outside any region and conditional node (the
// kernel's top level, a host 'if' or 'switch' arm, an unrolled host-value
// 'loop seq'), the call ends its graph there and describes the rest into
// another (GraphCall::split); a call that does not reach the statement
// stays one graph. Anywhere else the kernel runs in stream mode.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ANALYSIS_HOST_GRAPHSPLITS_H
#define QD_TRANSLATOR_ANALYSIS_HOST_GRAPHSPLITS_H

#include "analysis/KernelModel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <vector>

namespace qd {

struct GraphSplitScan {
  /// The statements where a call's graph ends ('host wait', 'update', a
  /// call of a kernel that has such statements), in source order; see
  /// graphSplitKey.
  std::vector<const void *> Splits;
  /// The first such statement where the graph cannot end (in a block or a
  /// conditional node's body), or null.
  const Step *Unsplittable = nullptr;
};

/// The key of a step in GraphSplitScan::Splits: its directive for an
/// 'update' (which has no statement of its own), else its statement.
inline const void *graphSplitKey(const Step &S) {
  return S.Kind == StepKind::DataUpdate ? static_cast<const void *>(S.Data)
                                        : static_cast<const void *>(S.S);
}

/// Scans a kernel's steps. \p CalleeSplits tells whether a kernel call's
/// callee (analyzed first) has split points of its own.
GraphSplitScan
scanGraphSplits(const std::vector<Step> &Steps,
                llvm::function_ref<bool(const Step &Call)> CalleeSplits);

} // namespace qd

#endif // QD_TRANSLATOR_ANALYSIS_HOST_GRAPHSPLITS_H
