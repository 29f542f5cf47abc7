// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostOnlyLocals.h - Kernel locals that only host code uses -*- C++ -*-===//
//
// A kernel's local that only '#pragma qd host' statements use (an
// 'MPI_Request req[2]' that an MPI exchange in host code posts and waits
// for) is the host's: its declaration stays in the host entry point, as
// written, instead of becoming a device local that no host statement could
// reach.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_HOSTONLYLOCALS_H
#define QD_TRANSLATOR_HOSTONLYLOCALS_H

#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace qd {

/// Whether every variable \p DS declares in \p Kernel's body is used, and
/// only inside statements that '#pragma qd host' directives of \p Directives
/// mark, and is declared without an initializer or with a constant one,
/// which the host evaluates alike.
bool declaresHostOnlyLocals(const clang::DeclStmt *DS,
                            const clang::FunctionDecl *Kernel,
                            const DirectiveList &Directives,
                            clang::ASTContext &Context);

} // namespace qd

#endif
