// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UserHeaders.cpp ----------------------------------------------------===//
#include "codegen/UserHeaders.h"
#include "codegen/KernelCodeGen.h"
#include "llvm/ADT/SetVector.h"
#include <set>
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace qd {
void IncludeRecorder::InclusionDirective(
    SourceLocation HashLoc, const Token &, StringRef, bool IsAngled,
    CharSourceRange FilenameRange, OptionalFileEntryRef File,
    StringRef SearchPath, StringRef, const Module *, bool,
    SrcMgr::CharacteristicKind) {
  if (!File || !HashLoc.isFileID())
    return;
  IncludeDirective D;
  D.Includer = SM.getFileID(HashLoc);
  D.HashLoc = HashLoc;
  D.FilenameRange = FilenameRange;
  D.Target = realPathOf(File->getName());
  D.Angled = IsAngled;
  if (!IsAngled && !SearchPath.empty())
    if (OptionalFileEntryRef Includer = SM.getFileEntryRefForID(D.Includer))
      D.FoundNextToIncluder =
          realPathOf(SearchPath) ==
          realPathOf(llvm::sys::path::parent_path(Includer->getName()));
  Directives.push_back(std::move(D));
}

std::vector<ExtraOutput>
translateUserHeaders(Rewriter &Rewrite, const UserFiles &Files,
                     const std::vector<IncludeDirective> &Directives,
                     llvm::StringRef OutputPath, llvm::StringRef CopyDir,
                     llvm::StringRef EntryHeader, bool LineDirectives,
                     llvm::StringRef Version, std::string &Unquotable) {
  SourceManager &SM = Rewrite.getSourceMgr();
  auto realPath = [&](FileID File) { return Files.realPath(File); };
  // The entry-point header, when the source includes it, leads to user
  // headers too: the output includes a copy whose includes lead to theirs.
  auto copyable = [&](FileID File) {
    return Files.originOf(File) == FileOrigin::UserHeader ||
           (!EntryHeader.empty() && realPath(File) == EntryHeader);
  };
  // The user headers with device attributes inserted, by real path; the
  // first FileID of each, which holds the edits.
  llvm::StringMap<FileID> ByPath;
  // Ordered, so outputs come in a stable order.
  llvm::SetVector<std::string, std::vector<std::string>, std::set<std::string>>
      Copied;
  for (auto It = Rewrite.buffer_begin(); It != Rewrite.buffer_end(); ++It)
    if (Files.originOf(It->first) == FileOrigin::UserHeader) {
      std::string Path = realPath(It->first);
      ByPath.try_emplace(Path, It->first);
      Copied.insert(Path);
    }
  if (Copied.empty())
    return {};

  // A user header that includes a copied one is copied too, up to the main
  // file.
  for (const IncludeDirective &D : Directives)
    if (copyable(D.Includer))
      ByPath.try_emplace(realPath(D.Includer), D.Includer);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const IncludeDirective &D : Directives)
      if (Copied.count(D.Target) && copyable(D.Includer))
        Grew |= Copied.insert(realPath(D.Includer));
  }

  auto copyPath = [&](llvm::StringRef Real) {
    llvm::SmallString<256> Path(CopyDir);
    llvm::sys::path::append(Path, Real == EntryHeader
                                      ? llvm::sys::path::filename(Real)
                                      : Files.relativeToRoot(Real));
    return std::string(Path);
  };
  auto outputDirOf = [&](FileID Includer) {
    std::string Out = Includer == SM.getMainFileID()
                          ? OutputPath.str()
                          : copyPath(realPath(Includer));
    return llvm::sys::path::parent_path(Out).str();
  };

  for (const IncludeDirective &D : Directives) {
    bool InMain = D.Includer == SM.getMainFileID();
    bool InCopy = !InMain && Copied.count(realPath(D.Includer)) &&
                  ByPath.lookup(realPath(D.Includer)) == D.Includer;
    if ((!InMain && !InCopy) || !D.FilenameRange.getBegin().isFileID())
      continue;
    std::string Spelling;
    if (Copied.count(D.Target))
      Spelling = relativePath(outputDirOf(D.Includer), copyPath(D.Target));
    else if (InCopy && D.FoundNextToIncluder)
      Spelling = relativePath(outputDirOf(D.Includer), D.Target);
    else
      continue;
    if (!quotableInInclude(Spelling)) {
      if (Unquotable.empty())
        Unquotable = Spelling;
      continue;
    }
    Rewrite.ReplaceText(D.FilenameRange.getAsRange().getBegin(),
                        Rewrite.getRangeSize(D.FilenameRange),
                        "\"" + Spelling + "\"");
  }

  std::vector<ExtraOutput> Outputs;
  for (const std::string &Real : Copied) {
    FileID File = ByPath.lookup(Real);
    std::string Name =
        displayPath(SM.getFileEntryRefForID(File)->getName());
    if (Real == EntryHeader)
      Name = llvm::sys::path::filename(Real).str();
    std::string Content = "// Translated by qd-translate " + Version.str() +
                          " from " + Name +
                          " for device code. Do not edit.\n";
    if (LineDirectives)
      Content += lineDirective(1, Name) + "\n";
    llvm::raw_string_ostream OS(Content);
    if (const RewriteBuffer *Buffer = Rewrite.getRewriteBufferFor(File))
      Buffer->write(OS);
    else
      OS << SM.getBufferData(File);
    OS.flush();
    Outputs.push_back({copyPath(Real), std::move(Content)});
  }
  return Outputs;
}

} // namespace qd
