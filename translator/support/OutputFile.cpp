// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutputFile.cpp -----------------------------------------------------===//
#include "support/OutputFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace qd {

llvm::Error writeFilesAtomically(llvm::ArrayRef<ExtraOutput> Files,
                                 std::string &FailedPath) {
  std::vector<llvm::sys::fs::TempFile> Staged;
  auto DiscardAll = [&] {
    for (llvm::sys::fs::TempFile &Temp : Staged)
      llvm::consumeError(Temp.discard());
  };
  // A rename fails once another already happened only when a destination
  // cannot be replaced; a directory is the case worth finding first.
  for (const ExtraOutput &File : Files) {
    if (llvm::sys::fs::is_directory(File.Path)) {
      FailedPath = File.Path;
      return llvm::errorCodeToError(
          std::make_error_code(std::errc::is_a_directory));
    }
  }
  for (const ExtraOutput &File : Files) {
    FailedPath = File.Path;
    auto Temp = llvm::sys::fs::TempFile::create(File.Path + "-%%%%%%%%.tmp");
    if (!Temp) {
      DiscardAll();
      return Temp.takeError();
    }
    Staged.push_back(std::move(*Temp));
    llvm::raw_fd_ostream OS(Staged.back().FD, /*shouldClose=*/false);
    OS << File.Content;
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      DiscardAll();
      return llvm::errorCodeToError(EC);
    }
  }
  for (size_t I = 0; I < Staged.size(); ++I) {
    FailedPath = Files[I].Path;
    if (llvm::Error E = Staged[I].keep(Files[I].Path)) {
      // The files before this one are in place already; a rename in a
      // directory we just wrote to rarely fails, and nothing can undo it.
      for (size_t J = I + 1; J < Staged.size(); ++J)
        llvm::consumeError(Staged[J].discard());
      return E;
    }
  }
  FailedPath.clear();
  return llvm::Error::success();
}

namespace {
/// Make needs spaces, '#' and '$' in paths escaped.
std::string escapeForMake(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}
} // namespace

std::string makeDependencyFile(llvm::StringRef Target,
                               const std::vector<std::string> &Dependencies) {
  std::string Out = escapeForMake(Target) + ":";
  for (const std::string &Dep : Dependencies)
    Out += " \\\n  " + escapeForMake(Dep);
  Out += "\n";
  return Out;
}

} // namespace qd
