// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReductionOp.h - The operators of 'reduction(op: var)' ------*- C++ -*-===//
//
// One table of reduction operators: how the clause spells each, what the
// runtime calls it (qd::detail::ReduceOp in <qd/detail/reduce.h>) and what
// OpenMP calls it on the cpu target.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_REDUCTIONOP_H
#define QD_TRANSLATOR_REDUCTIONOP_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace qd {

enum class ReductionOp {
  Sum,
  Product,
  Min,
  Max,
  BitAnd,
  BitOr,
  BitXor,
  LogicalAnd,
  LogicalOr,
};

/// The operator as the clause spells it: "+", "min", "&&".
llvm::StringRef reductionOpSpelling(ReductionOp Op);

/// The enumerator of qd::detail::ReduceOp: "Sum", "LogicalAnd".
llvm::StringRef reductionOpRuntimeName(ReductionOp Op);

/// The operator from its spelling in the clause.
std::optional<ReductionOp> reductionOpFromSpelling(llvm::StringRef Spelling);

/// Whether the operator needs an integer (or bool) variable.
bool reductionOpIsBitwise(ReductionOp Op);

/// "+ * min max & | ^ && ||", for messages.
constexpr const char *ReductionOpList = "+ * min max & | ^ && ||";

} // namespace qd

#endif
