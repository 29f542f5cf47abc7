// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GraphSplits.cpp - Where a graph-mode call's graph may end ---------===//
#include "analysis/host/GraphSplits.h"

namespace qd {

namespace {

bool splitsGraph(const Step &S,
                 llvm::function_ref<bool(const Step &)> CalleeSplits) {
  return (S.Kind == StepKind::HostCode && S.Wait) ||
         S.Kind == StepKind::CallerResults ||
         S.Kind == StepKind::DataUpdate ||
         (S.Kind == StepKind::KernelCall && CalleeSplits(S));
}

void scan(const std::vector<Step> &Steps, bool GraphMayEnd,
          llvm::function_ref<bool(const Step &)> CalleeSplits,
          GraphSplitScan &Out) {
  for (const Step &S : Steps) {
    if (splitsGraph(S, CalleeSplits)) {
      if (GraphMayEnd) {
        Out.Splits.push_back(graphSplitKey(S));
      } else if (!Out.Unsplittable) {
        Out.Unsplittable = &S;
      }
    }
    // A block's lane joins the launch stream only at the region's end.
    for (const Block &B : S.Blocks)
      scan(B.Steps, false, CalleeSplits, Out);
    // A host 'if', 'switch' or unrolled host-value loop runs its arms in
    // the launch stream's order; a conditional node's body (GraphTest) and
    // a device-condition loop's body (Captures) are one node.
    const bool ArmsMayEnd = GraphMayEnd && S.GraphTest.empty() &&
                            !(S.Kind == StepKind::HostLoop && !S.Captures.empty());
    for (const std::vector<Step> &Branch : S.Branches)
      scan(Branch, ArmsMayEnd, CalleeSplits, Out);
  }
}

} // namespace

GraphSplitScan
scanGraphSplits(const std::vector<Step> &Steps,
                llvm::function_ref<bool(const Step &Call)> CalleeSplits) {
  GraphSplitScan Out;
  scan(Steps, true, CalleeSplits, Out);
  return Out;
}

} // namespace qd
