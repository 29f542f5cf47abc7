// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoarsenAnalysis.h - Several rows per thread in a collapse -*- C++ -*-===//
//
// Thread coarsening of 'collapse(N)' nests (issue 25). A thread runs R
// neighbouring iterations ("rows") of the second-innermost loop for one
// value of the innermost, so neighbouring threads still take neighbouring
// innermost iterations and their accesses coalesce as before.
//
// The rows run statement by statement: each statement of the body for row
// 0, 1, ..., R-1, then the next statement. A sequential 'for' whose header
// is the same for every row is entered once and its body coarsened the same
// way, so the rows' loads of one stencil tap sit next to each other with no
// store between them, and the compiler loads an element that several rows
// read once. The parallel loop promises that no iteration writes what
// another reads or writes, so this interleaving computes what the serial
// order does; each row's own statements keep their order, so the results
// are the same bits.
//
// The body's locals declared at a coarsened level get one copy per row.
// What this cannot express (a 'continue', a reference or non-trivial local,
// 'decltype' of a local, a reduction, vector loops) leaves the loop at one
// iteration per thread, with the reason for --remarks and -Wqd-coarsen.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_COARSENANALYSIS_H
#define QD_TRANSLATOR_COARSENANALYSIS_H

#include "analysis/KernelModel.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// Sets \p Loop's Coarsen (or NotCoarsened) from its body and \p D's
/// 'coarsen' clause. Returns false after reporting an error ('coarsen'
/// without 'collapse'); warns when an explicit 'coarsen(N)' cannot apply.
bool analyzeCoarsening(Step &Loop, const Directive *D,
                       clang::ASTContext &Context);

/// Why one thread cannot run several iterations of the parallel loop
/// \p Loop statement by statement, each with its own copies of the body's
/// locals (coarsened rows, a tile's outputs), whatever the body's shape:
/// vector loops, a kernel local it writes, a jump that ends an
/// iteration early, 'decltype' of a local or a type declaration in the
/// body. Empty when nothing does. A reduction is no problem here: each
/// thread's rows combine into its one private copy, statement by statement
/// (CoarsenCodeGen.cpp keeps whole an assignment that reads the variable).
std::string interleavingProblem(const Step &Loop);

/// Why the body local \p Var cannot have one copy per iteration a thread
/// runs, reached through a reference to it, or empty.
std::string copyProblem(const clang::VarDecl *Var, clang::ASTContext &Context);

/// Whether a row's copy of the body local \p Var is assigned an initializer:
/// a trivial default construction ('Pair p;') leaves it as declared.
bool hasRowInitializer(const clang::VarDecl *Var);

} // namespace qd

#endif
