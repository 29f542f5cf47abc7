// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- translate_fuzzer.cpp - libFuzzer target for the whole pipeline -----===//
//
// Each input is the text of an annotated C++ source. It goes through what
// qd-translate does with a file: the clang driver and parser with the 'qd'
// pragma handler, kernel analysis, device-function discovery and code
// generation, from the in-memory file /qd-fuzz/input.cpp.
//
// Targets: every input is translated for CUDA first. Errors do not depend on
// the target (TranslateAction.cpp: "a source that translates for one target
// translates for all"), so only an input that translates for CUDA is then
// translated for HIP and for cpu, the cpu one without '#line' directives.
// A source that translates for one target and not for another is reported as
// a crash, as is a success with an empty output.
//
// Diagnostics are discarded; with QD_FUZZ_VERBOSE=1 in the environment they
// are printed, with each target's outcome, to debug a reproducer. Includes are read from the real file system (the
// input may include <qd/qd.h> and standard headers), except under /dev, /proc
// and /sys, so an input cannot block on a device file. Clang's debug pragmas
// ('#pragma clang __debug crash', ...) are disabled. Run with -max_len; see
// scripts/fuzz.sh and docs/testing.md.
//
//===----------------------------------------------------------------------===//
#include "driver/TranslateAction.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef QD_FUZZ_RESOURCE_DIR
#error "QD_FUZZ_RESOURCE_DIR must name clang's resource directory"
#endif
#ifndef QD_FUZZ_INCLUDE_DIR
#error "QD_FUZZ_INCLUDE_DIR must name the directory holding qd/qd.h"
#endif

namespace {

constexpr const char *InputPath = "/qd-fuzz/input.cpp";

const bool Verbose = [] {
  const char *V = std::getenv("QD_FUZZ_VERBOSE");
  return V && *V && std::string(V) != "0";
}();

/// The real file system without /dev, /proc and /sys.
class NoDeviceFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    if (refused(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(Path);
  }
  bool exists(const llvm::Twine &Path) override {
    return !refused(Path) && ProxyFileSystem::exists(Path);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (refused(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  bool refused(const llvm::Twine &Path) {
    llvm::SmallString<256> Absolute;
    Path.toVector(Absolute);
    // Relative names resolve against the working directory, which may be
    // anywhere, including under a refused root.
    if (makeAbsolute(Absolute))
      return true;
    llvm::StringRef P = Absolute;
    for (llvm::StringRef Root : {"/dev", "/proc", "/sys"})
      if (P == Root || P.starts_with((Root + "/").str()))
        return true;
    return false;
  }
};

struct Translation {
  bool Succeeded = false;
  std::string Output;
};

Translation translate(llvm::StringRef Code, qd::Target Target,
                      bool LineDirectives) {
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::makeIntrusiveRefCnt<NoDeviceFileSystem>(
          llvm::vfs::getRealFileSystem()));
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Memory);
  Memory->addFile(InputPath, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);

  qd::TranslateOptions Options;
  Options.CodeGen.Target = Target;
  Options.CodeGen.SourceName = "input.cpp";
  Options.CodeGen.LineDirectives = LineDirectives;
  Options.OutputName = qd::outputFileName("input.cpp", Target);
  qd::TranslateResult Result;
  auto Factory = qd::newTranslateActionFactory(Options, Result);

  // As translator/driver/main.cpp builds the command: C++17, syntax only, clang's
  // resource directory and our headers.
  std::vector<std::string> Args = {
      "qd-translate-fuzzer",
      "-xc++",
      "-std=c++17",
      "-fsyntax-only",
      "-resource-dir=" QD_FUZZ_RESOURCE_DIR,
      "-I" QD_FUZZ_INCLUDE_DIR,
      "-Xclang",
      "-disable-pragma-debug-crash",
      InputPath};
  clang::IgnoringDiagConsumer Ignore;
  auto PrinterOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  clang::TextDiagnosticPrinter Printer(llvm::errs(), PrinterOptions.get());
  clang::tooling::ToolInvocation Invocation(std::move(Args), Factory->create(),
                                            Files.get());
  Invocation.setDiagnosticConsumer(Verbose ? static_cast<clang::DiagnosticConsumer *>(&Printer)
                                           : &Ignore);
  bool Ran = Invocation.run();

  Translation T;
  T.Succeeded = Ran && Result.Succeeded;
  T.Output = std::move(Result.Output);
  if (Verbose)
    llvm::errs() << "translate_fuzzer: " << qd::outputFileName("input.cpp", Target)
                 << ": " << (T.Succeeded ? "translated, " : "failed, ")
                 << T.Output.size() << " bytes of output\n";
  return T;
}

[[noreturn]] void fail(const char *What) {
  std::fprintf(stderr, "translate_fuzzer: %s\n", What);
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);

  Translation Cuda = translate(Code, qd::Target::Cuda, /*LineDirectives=*/true);
  if (!Cuda.Succeeded)
    return 0;
  if (Cuda.Output.empty())
    fail("CUDA translation succeeded with an empty output");

  Translation Hip = translate(Code, qd::Target::Hip, /*LineDirectives=*/true);
  if (!Hip.Succeeded)
    fail("the input translates for CUDA but not for HIP");
  if (Hip.Output.empty())
    fail("HIP translation succeeded with an empty output");

  Translation Cpu = translate(Code, qd::Target::Cpu, /*LineDirectives=*/false);
  if (!Cpu.Succeeded)
    fail("the input translates for CUDA but not for cpu");
  if (Cpu.Output.empty())
    fail("cpu translation succeeded with an empty output");
  return 0;
}
