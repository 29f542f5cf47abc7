// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReductionOp.cpp ----------------------------------------------------===//
#include "pragmas/ReductionOp.h"
#include "llvm/ADT/STLExtras.h"

namespace qd {
namespace {

struct OpInfo {
  ReductionOp Op;
  llvm::StringRef Spelling;
  llvm::StringRef RuntimeName;
};

// Indexed by ReductionOp.
const OpInfo Ops[] = {
    {ReductionOp::Sum, "+", "Sum"},
    {ReductionOp::Product, "*", "Product"},
    {ReductionOp::Min, "min", "Min"},
    {ReductionOp::Max, "max", "Max"},
    {ReductionOp::BitAnd, "&", "BitAnd"},
    {ReductionOp::BitOr, "|", "BitOr"},
    {ReductionOp::BitXor, "^", "BitXor"},
    {ReductionOp::LogicalAnd, "&&", "LogicalAnd"},
    {ReductionOp::LogicalOr, "||", "LogicalOr"},
};

const OpInfo &info(ReductionOp Op) { return Ops[static_cast<unsigned>(Op)]; }

} // namespace

llvm::StringRef reductionOpSpelling(ReductionOp Op) {
  return info(Op).Spelling;
}

llvm::StringRef reductionOpRuntimeName(ReductionOp Op) {
  return info(Op).RuntimeName;
}

std::optional<ReductionOp> reductionOpFromSpelling(llvm::StringRef Spelling) {
  for (const OpInfo &I : Ops)
    if (I.Spelling == Spelling)
      return I.Op;
  return std::nullopt;
}

bool reductionOpIsBitwise(ReductionOp Op) {
  return Op == ReductionOp::BitAnd || Op == ReductionOp::BitOr ||
         Op == ReductionOp::BitXor;
}

} // namespace qd
