// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UserHeaders.h - Translated copies of the user's headers ---*- C++ -*-===//
//
// Device code may call functions defined in the user's own headers. Those
// get '__host__ __device__' like functions of the main file, but in a copy:
// the user's files are never changed, and the serial build keeps using them.
// A header that includes a copied header is copied too (its include must
// lead to the copy), and the includes of the output and of the copies are
// rewritten to name the copies.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_USERHEADERS_H
#define QD_TRANSLATOR_USERHEADERS_H

#include "support/OutputFile.h"
#include "support/UserFiles.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <string>
#include <vector>

namespace qd {

/// One '#include' (or '#import') directive of the translation unit.
struct IncludeDirective {
  clang::FileID Includer;
  clang::SourceLocation HashLoc;
  /// The file name with its quotes or angle brackets.
  clang::CharSourceRange FilenameRange;
  /// The real path of the included file.
  std::string Target;
  bool Angled = false;
  /// Found in the including file's own directory, the first place a quoted
  /// include looks: a copy elsewhere would not find it there.
  bool FoundNextToIncluder = false;
};

/// Records the include directives that the preprocessor carries out.
class IncludeRecorder : public clang::PPCallbacks {
public:
  IncludeRecorder(const clang::SourceManager &SM,
                  std::vector<IncludeDirective> &Directives)
      : SM(SM), Directives(Directives) {}

  void InclusionDirective(clang::SourceLocation HashLoc,
                          const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange,
                          clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath,
                          llvm::StringRef RelativePath,
                          const clang::Module *SuggestedModule,
                          bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;

private:
  const clang::SourceManager &SM;
  std::vector<IncludeDirective> &Directives;
};

/// Given \p Rewrite with the device attributes already inserted (in the main
/// file and in user headers), returns the translated copies of the user
/// headers that need them, under \p CopyDir mirroring the input root, and
/// rewrites the includes that must lead to them, in the main file's buffer
/// too. \p OutputPath is the absolute path the main output is written to.
/// \p EntryHeader is the normalized path of the entry-point header, which
/// is copied like a user header when it leads to one. With
/// \p LineDirectives, each copy maps its lines back to the original.
/// An include whose path a quoted '#include' cannot hold is left as it was
/// and its path put in \p Unquotable (the first one only).
std::vector<ExtraOutput>
translateUserHeaders(clang::Rewriter &Rewrite, const UserFiles &Files,
                     const std::vector<IncludeDirective> &Directives,
                     llvm::StringRef OutputPath, llvm::StringRef CopyDir,
                     llvm::StringRef EntryHeader, bool LineDirectives,
                     llvm::StringRef Version, std::string &Unquotable);

} // namespace qd

#endif
