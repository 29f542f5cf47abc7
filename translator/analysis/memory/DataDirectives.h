// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataDirectives.h - OpenACC-style data regions --------------*- C++ -*-===//
//
// SPEC section 1, "Data regions": '#pragma qd data' on a statement (usually braces)
// of any function, the standalone 'enter data', 'exit data' and 'update',
// make device copies of host arrays that kernel calls then use (the
// runtime's present table, include/qd/data.h). Outside kernels they run on
// the host where they stand; in a kernel, 'update' is a step enqueued on the
// current stream (DataUpdate).
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DATADIRECTIVES_H
#define QD_TRANSLATOR_DATADIRECTIVES_H

#include "analysis/KernelModel.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "pragmas/Directive.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// A data directive outside kernels, checked.
struct HostDataDirective {
  const Directive *D = nullptr;
  /// Data only: the statement whose extent the copies live for, usually
  /// braces.
  const clang::Stmt *Region = nullptr;
  /// The function the directive is in.
  const clang::FunctionDecl *Function = nullptr;
};

/// The data directives that no kernel consumed, in source order. Reports
/// those outside functions, a 'data' not followed by braces, and items that
/// do not name a visible array or a pointer with a section.
std::vector<HostDataDirective>
analyzeHostDataDirectives(clang::ASTContext &Context, DirectiveList &Directives);

/// Checks that each item of \p D names an array, or a pointer with a
/// section, visible at the directive in \p Function; and \p InKernel, that
/// it does not name a by-value parameter, which nothing made present.
bool checkDataItems(const Directive &D, const clang::FunctionDecl *Function,
                    clang::ASTContext &Context, bool InKernel);

/// Checks that an 'update' in a kernel reads, where it stands, only names
/// the host has values for: not a reduction's result (\p Scalars), nor a
/// local a loop or serial task made private (\p Privatized).
bool checkUpdateReadsHostValues(
    const Directive &D, const clang::FunctionDecl *Function,
    const DeviceScalarMap &Scalars,
    const llvm::DenseMap<const clang::VarDecl *, const clang::Stmt *>
        &Privatized,
    clang::ASTContext &Context);

/// Reports data directives in functions that device code calls
/// (findDeviceFunctions), where they could not run.
void checkNoDataDirectiveInDeviceFunctions(
    llvm::ArrayRef<HostDataDirective> Directives,
    llvm::ArrayRef<const clang::FunctionDecl *> DeviceFunctions,
    clang::ASTContext &Context);

} // namespace qd

#endif
