// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceFunctions.h - Functions device code calls ------------*- C++ -*-===//
#ifndef QD_TRANSLATOR_DEVICEFUNCTIONS_H
#define QD_TRANSLATOR_DEVICEFUNCTIONS_H

#include "analysis/device/LibraryTwins.h"
#include "analysis/KernelModel.h"
#include "support/UserFiles.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace qd {

/// Every function of the main file and the user's headers (\p Files) that
/// device code of \p Plans calls, directly or through other such functions,
/// as the declarations that need '__host__ __device__' (all redeclarations in
/// those files; for templates, the pattern). Calls that cannot run on the
/// device are reported: functions only declared, virtual, from a system
/// header without a device version, or from a header outside the input root.
/// The functions of the user's files that device code calls, directly or
/// not. \p RelaxedConstexprCallee, when given, receives the name of the
/// first standard-library function device code calls only because it is
/// constexpr (std::min): nvcc compiles that call correctly only with
/// --expt-relaxed-constexpr. Calls with a device twin (LibraryTwins.h) go
/// to \p Renames instead.
/// The class of an object of type \p T (a reference's referent), for a
/// dependent specialization in a template's pattern ('Less<T>{}') its
/// template's pattern; null for other types.
const clang::CXXRecordDecl *classOf(clang::QualType T);

std::vector<const clang::FunctionDecl *>
findDeviceFunctions(clang::ASTContext &Context, const UserFiles &Files,
                    const std::vector<KernelPlan> &Plans,
                    std::string *RelaxedConstexprCallee = nullptr,
                    std::vector<LibraryRename> *Renames = nullptr);

} // namespace qd

#endif
