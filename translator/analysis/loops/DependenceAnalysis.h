// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DependenceAnalysis.h - Iterations that provably interfere -*- C++ -*-===//
//
// A parallel or vector loop promises that its iterations are independent.
// This analysis finds the two ways a loop provably breaks that promise, as
// NVHPC's "loop carried dependence prevents parallelization" does, and says
// nothing where it cannot prove it:
//  - a carried dependence: an iteration reads an element that another
//    iteration writes. Both accesses go through the same pointer, neither is
//    under a condition, and their indices are affine in the loop variable
//    with the same coefficients, at a constant distance along it
//    ('x[i] = x[i - 1] * c', 'a[(i + 1) * n + j]' against 'a[i * n + j]').
//    The distance is a dependence only where two iterations of the loop
//    are that far apart: it must be a multiple of the step and smaller
//    than the span of the loop's values when that span is a constant
//    ('x[i + 1] = x[i]' with 'i += 2', or a halo copy 'q[i] = q[h + i]'
//    over 'i < h' with a constant 'h', have none).
//  - a same-element write: every iteration writes one element, whose index
//    does not depend on the iteration, with a value that does (a time-step
//    loop written without 'loop seq': 'for (t...) for (i...) a[i] = ...').
//    A value that is the same in every iteration ('*found = 1') is benign.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DEPENDENCEANALYSIS_H
#define QD_TRANSLATOR_DEPENDENCEANALYSIS_H

#include "analysis/loops/LoopForm.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>

namespace qd {

struct CarriedDependence {
  /// The write and the read of the same element from different iterations.
  const clang::Expr *Write = nullptr;
  const clang::Expr *Read = nullptr;
  /// The loop variable they are apart along, and by how many of its
  /// values: iteration v reads what iteration v - Distance writes.
  const clang::VarDecl *Var = nullptr;
  int64_t Distance = 0;
  /// Whether iteration v - Distance runs before v: counting down, a
  /// positive distance reads what a later iteration writes.
  bool Earlier = true;
};

/// The first carried dependence of a loop nest \p Loops (several loops for
/// a collapsed nest, outer first) whose innermost body is \p Body.
std::optional<CarriedDependence>
findCarriedDependence(const clang::Stmt *Body,
                      llvm::ArrayRef<const LoopForm *> Loops,
                      clang::ASTContext &Context);

/// Reports a carried dependence of a parallel (or, with \p Vector, vector)
/// loop nest as an error, and for a parallel loop a same-element write too.
/// Returns false after an error.
bool checkIndependentIterations(const clang::Stmt *Body,
                                llvm::ArrayRef<const LoopForm *> Loops,
                                bool Vector, clang::ASTContext &Context);

} // namespace qd

#endif
