//===- OutputFile.cpp -----------------------------------------------------===//
#include "OutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace qd {

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content) {
  // llvm::writeToOutput writes to a temporary file and renames it into place
  // only after the callback succeeded.
  return llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Content;
    return llvm::Error::success();
  });
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
