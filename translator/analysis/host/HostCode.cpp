// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostCode.cpp - Statements marked '#pragma qd host' -----------------===//
//
// SPEC section 1, "Library calls on the right stream": a statement at the
// top level of a kernel, block or host branch or loop body, marked
// '#pragma qd host', runs on the host as written when the call reaches it,
// with qd::current_stream() the stream of its place (the launch stream or
// its block's). It is how a kernel calls cuBLAS, cuFFT, NCCL or
// cudaMemcpyAsync in order with its own loops.
//
// What the analysis rejects is what would make the call differ from the
// serial program or wait for the GPU: reading a reduction's result (it
// exists only on the device, later), a synchronizing runtime call that the
// statement makes itself, and a jump that leaves the statement. A 'host
// wait' statement has waited: it reads reductions' results, which the host
// copies back first (HostCodeGen.cpp), but cannot change them.
//
//===----------------------------------------------------------------------===//
#include "analysis/JumpScopeVisitor.h"
#include "analysis/KernelAnalyzer.h"
#include "analysis/loops/ReductionAnalysis.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace qd {

namespace {

/// Whether \p Name is a CUDA, HIP or driver call that blocks the host until
/// the device, a stream or an event is done, or that works on the legacy
/// default stream, which the pool's non-blocking streams do not wait for
/// (cudaFree waits for the whole device). Returns the asynchronous form that
/// replaces it, or "" when the advice is to let the caller wait after the
/// call.
std::optional<std::string> synchronizingFunction(llvm::StringRef Name) {
  if (Name == "cuCtxSynchronize" || Name == "cuStreamSynchronize" ||
      Name == "cuEventSynchronize")
    return std::string();
  for (llvm::StringRef Prefix : {"cuda", "hip"}) {
    if (!Name.starts_with(Prefix))
      continue;
    llvm::StringRef Rest = Name.drop_front(Prefix.size());
    if (llvm::is_contained({"DeviceSynchronize", "ThreadSynchronize",
                            "StreamSynchronize", "EventSynchronize"},
                           Rest))
      return std::string();
    if (llvm::is_contained({"Memcpy", "Memcpy2D", "Memcpy3D", "MemcpyToSymbol",
                            "MemcpyFromSymbol", "Memset", "Memset2D", "Free"},
                           Rest))
      return (Name + "Async").str();
  }
  return std::nullopt;
}

/// Finds the first synchronizing call that the statement makes itself, and a
/// 'break', 'continue', 'return' or 'goto' that leaves it.
class HostCodeScanner : public JumpScopeVisitor<HostCodeScanner> {
public:
  const Expr *SyncCall = nullptr;
  std::string SyncName, AsyncName;
  const Stmt *Jump = nullptr;
  const char *JumpKeyword = nullptr;

  bool VisitBreakStmt(BreakStmt *S) {
    return Breakable > 0 || leaves(S, "break");
  }
  bool VisitContinueStmt(ContinueStmt *S) {
    return Continuable > 0 || leaves(S, "continue");
  }
  bool VisitReturnStmt(ReturnStmt *S) { return leaves(S, "return"); }
  bool VisitGotoStmt(GotoStmt *S) { return leaves(S, "goto"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return leaves(S, "goto"); }

  bool VisitCallExpr(CallExpr *Call) {
    if (SyncCall)
      return true;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      // qd::StreamRef, qd::Stream and qd::Event wait with synchronize().
      const CXXMethodDecl *Method = Member->getMethodDecl();
      const CXXRecordDecl *Class = Method ? Method->getParent() : nullptr;
      if (Class && Method->getName() == "synchronize" && inQdNamespace(Class))
        return found(Call, "qd::" + Class->getName().str() + "::synchronize",
                     "");
      return true;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    std::string Name;
    if (Callee && Callee->getIdentifier())
      Name = Callee->getName().str();
    else if (const auto *Unresolved = dyn_cast<UnresolvedLookupExpr>(
                 Call->getCallee()->IgnoreParenImpCasts()))
      Name = Unresolved->getName().getAsString();
    if (Name.empty())
      return true;
    if (Name == "synchronize" && Callee && inQdNamespace(Callee))
      return found(Call, "qd::synchronize", "");
    if (Callee && !Callee->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return true;
    if (std::optional<std::string> Async = synchronizingFunction(Name))
      return found(Call, Name, *Async);
    return true;
  }

private:
  static bool inQdNamespace(const Decl *D) {
    const DeclContext *Context = D->getDeclContext();
    while (Context && !Context->isFileContext())
      Context = Context->getParent();
    const auto *Namespace = dyn_cast_or_null<NamespaceDecl>(Context);
    return Namespace && Namespace->getName() == "qd" &&
           Namespace->getParent()->getRedeclContext()->isTranslationUnit();
  }
  bool found(const Expr *Call, std::string Name, std::string Async) {
    SyncCall = Call;
    SyncName = std::move(Name);
    AsyncName = std::move(Async);
    return true;
  }
  bool leaves(const Stmt *S, const char *Keyword) {
    if (!Jump) {
      Jump = S;
      JumpKeyword = Keyword;
    }
    return true;
  }
};

} // namespace

bool Analyzer::waitReadsDeviceScalars(const Stmt *S,
                                      std::vector<Capture> &Reads) {
  if (DeviceScalars.empty())
    return true;
  bool Ok = true;
  MayWriteOptions Options;
  Options.UnresolvedCallsWrite = true;
  forEachMayWrite(
      S,
      [&](const VariableWrite &W) {
        if (DeviceScalars.count(W.Var)) {
          reportDeviceScalarWritten(W, DeviceScalars, Context);
          Ok = false;
        }
        return Ok;
      },
      Options);
  struct Refs : RecursiveASTVisitor<Refs> {
    const DeviceScalarMap &Scalars;
    std::vector<Capture> &Reads;
    Refs(const DeviceScalarMap &Scalars, std::vector<Capture> &Reads)
        : Scalars(Scalars), Reads(Reads) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *Var = dyn_cast<VarDecl>(E->getDecl());
      const auto Scalar = Var ? Scalars.find(Var) : Scalars.end();
      if (Scalar == Scalars.end() ||
          llvm::any_of(Reads, [&](const Capture &C) { return C.Var == Var; }))
        return true;
      Capture C{Var};
      C.DeviceScalar = true;
      C.Slot = Scalar->second.Slot;
      Reads.push_back(C);
      return true;
    }
  } Finder(DeviceScalars, Reads);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Ok;
}

void Analyzer::analyzeHostCode(const Stmt *S, const Directive &D,
                               std::vector<Step> &Out) {
  if (isa<DeclStmt>(S)) {
    report(Diags, D.NameLoc, Diag::HostDirectiveOnDeclaration);
    // As if without the directive, so that later uses do not report again.
    analyzeStatement(S, nullptr, Out);
    return;
  }
  std::vector<Capture> WaitReads;
  bool Ok = D.Wait ? waitReadsDeviceScalars(S, WaitReads)
                   : checkNoDeviceScalarOnHost(S, /*What=*/2, DeviceScalars,
                                               Context);
  checkDeviceLocals(S);
  // A private array is declared only in the device code that owns it.
  if (const DeclRefExpr *Use = findReferenceTo(S, [&](const VarDecl *Var) {
        return UninitializedLocals.count(Var) && Var->getType()->isArrayType();
      })) {
    report(Diags, Use->getLocation(), Diag::PrivateArrayInHostCode)
        << Use->getDecl()->getName();
    Ok = false;
  }
  checkHostCodePrivatizedReads(S);
  HostCodeScanner Scanner;
  Scanner.TraverseStmt(const_cast<Stmt *>(S));
  // 'wait' is the user's own synchronization; more of it changes nothing.
  if (Scanner.SyncCall && !D.Wait) {
    report(Diags, Scanner.SyncCall->getBeginLoc(), Diag::HostCodeSynchronizes)
        << Scanner.SyncName << !Scanner.AsyncName.empty()
        << Scanner.AsyncName;
    Ok = false;
  }
  if (Scanner.Jump) {
    report(Diags, Scanner.Jump->getBeginLoc(), Diag::HostCodeJump)
        << Scanner.JumpKeyword;
    Ok = false;
  }
  if (!Ok)
    return;
  Step Host;
  Host.Kind = StepKind::HostCode;
  Host.S = S;
  Host.Wait = D.Wait;
  Host.Captures = std::move(WaitReads);
  if (!analyzeHostCodeReuse(D, Host))
    return;
  Out.push_back(std::move(Host));
}

} // namespace qd
