// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- main.cpp - The qd-translate command line ---------------------------===//
//
// Driven like other clang tools (HIPIFY, clang-tidy): CommonOptionsParser for
// sources, '-p' and '-- <compiler arguments>'; argument adjusters for the
// resource directory and our headers; outputs written only when the whole
// translation succeeded, and atomically.
//
//===----------------------------------------------------------------------===//
#include "codegen/Target.h"
#include "diagnostics/DiagnosticIds.h"
#include "driver/ResourceDir.h"
#include "driver/TranslateAction.h"
#include "support/OutputFile.h"
#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace clang::tooling;

namespace {

/// Exit statuses, documented in docs/cli.md: each kind of failure has its
/// own, so build scripts can tell them apart. When several sources fail, the
/// highest status is returned.
enum ExitStatus : int {
  ExitSuccess = 0,
  ExitTranslationErrors = 1, // the input has errors, or -verify found a
                             // mismatch; diagnostics say which
  ExitUsage = 2,             // unknown option or option value
  ExitInputMissing = 3,      // an input file is missing or unreadable
  ExitCheckFailed = 4,       // --check: an output is missing or out of date
  ExitCannotWrite = 5,       // an output or dependency file cannot be written
  ExitOptionConflict = 6,    // options that do not fit each other or the
                             // inputs, such as -o with several sources
  ExitInstallation = 7,      // clang's builtin headers cannot be found
};

cl::OptionCategory Category("qd-translate options");

cl::opt<qd::Target> Target(
    "target", cl::desc("Language of the output:"), cl::init(qd::Target::Cuda),
    cl::values(clEnumValN(qd::Target::Cuda, "cuda", "CUDA (.cu), for nvcc"),
               clEnumValN(qd::Target::Hip, "hip", "HIP (.hip), for hipcc"),
               clEnumValN(qd::Target::Cpu, "cpu",
                          "plain C++17 (.cpu.cpp), for any host compiler")),
    cl::cat(Category));
cl::opt<std::string> OutputPath(
    "o", cl::desc("Write the output to <file> ('-' for standard output); "
                  "one source only"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    OutDir("out-dir",
           cl::desc("Write each output to <dir>/<source stem><suffix>: .cu, "
                    ".hip or .cpu.cpp by target"),
           cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoLineDirectives(
    "no-line-directives",
    cl::desc("Do not emit '#line' directives mapping device code back to the "
             "source"),
    cl::cat(Category));
cl::opt<bool> Check("check",
                    cl::desc("Write nothing; exit with status 4 if an output "
                             "file is missing or differs from what would be "
                             "written"),
                    cl::cat(Category));
cl::opt<std::string> InRoot(
    "in-root",
    cl::desc("Device code may call functions defined in headers under <dir> "
             "(default: the source's directory); translated copies of those "
             "headers are written next to the output"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> HeaderOutput(
    "header",
    cl::desc("Also write <file>: the declarations of every kernel's two host "
             "entry points, for other translation units; one source only"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Graphs(
    "graphs",
    cl::desc("Graph mode for every kernel, as '#pragma qd kernel graph' asks "
             "for one: each call launches a cached CUDA/HIP graph instead of "
             "its kernels one by one (ignored by --target=cpu)"),
    cl::cat(Category));
cl::opt<bool> Remarks(
    "remarks",
    cl::desc("Report, as clang-style 'remark:' lines, each parallel loop's "
             "launch shape and each pointer access whose addresses in "
             "neighbouring threads are more than one element apart, with what "
             "would make it coalesce; the output does not change"),
    cl::cat(Category));
cl::opt<bool> WriteDeps(
    "MD", cl::desc("Also write a Make-style dependency file, <output>.d"),
    cl::cat(Category));
cl::opt<std::string> DepFile(
    "MF", cl::desc("Write the dependency file to <file> (implies -MD)"),
    cl::value_desc("file"), cl::cat(Category));

const char *const Overview = R"(qd-translate: annotated C++ to CUDA, HIP or plain C++.

Reads C++17 in which functions marked '#pragma qd kernel' are GPU kernels and
'#pragma qd stream_parallel' blocks run concurrently, each on its own stream.
Writes a source for nvcc (--target=cuda) or hipcc (--target=hip) that launches
each block on a pooled stream with explicit fork and join events; link it with
qd::runtime_cuda or qd::runtime_hip. --target=cpu writes plain C++ that runs
the work on the calling thread; link it with qd::runtime_cpu.

Example:
  qd-translate saxpy.cpp -o saxpy.cu -- -I include
)";

std::string outputFor(StringRef Source) {
  if (!OutputPath.empty())
    return OutputPath;
  std::string Name = qd::outputFileName(Source, Target);
  if (OutDir.empty())
    return "-";
  SmallString<256> Path(OutDir);
  sys::path::append(Path, Name);
  return std::string(Path);
}

void printVersion(raw_ostream &OS) {
  OS << "qd-translate " << QD_VERSION << " (built with Clang "
     << CLANG_VERSION_STRING << ")\n";
}

bool hasArgumentPrefix(const CommandLineArguments &Args, StringRef Prefix) {
  for (const std::string &A : Args)
    if (StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

int reportCannotWrite(StringRef Path, Error E) {
  // llvm's message usually names the path already.
  std::string Message = toString(std::move(E));
  errs() << "qd-translate: cannot write ";
  if (!StringRef(Message).contains(Path))
    errs() << "'" << Path << "': ";
  errs() << Message << "\n";
  return ExitCannotWrite;
}

/// A tool that parses \p Source the way every pass does.
ClangTool makeTool(CompilationDatabase &Compilations, const std::string &Source,
                   const std::string &ResourceDir,
                   const std::optional<std::string> &QdInclude) {
  ClangTool Tool(Compilations, {Source});
  // ClangTool hands clang the source under an absolute path that it makes
  // with sys::path::native, which on POSIX turns each '\' into '/' (so
  // 'we"ird\dir/k.cpp' becomes another file), and diagnostics would name the
  // source by that path. Clang gets the source as the user passed it when
  // the command runs in the current directory (always so with '--'), and
  // otherwise as an absolute path with its '\' kept.
  std::string ToolPath = getAbsolutePath(Source);
  std::string Given = Source;
  for (const CompileCommand &Command :
       Compilations.getCompileCommands(ToolPath)) {
    bool Here = false;
    if (sys::fs::equivalent(Command.Directory, ".", Here) || !Here) {
      SmallString<256> Absolute(Source);
      sys::fs::make_absolute(Absolute);
      Given = std::string(Absolute);
    }
  }
  Tool.appendArgumentsAdjuster(
      [ToolPath, Given](const CommandLineArguments &Args, StringRef) {
        CommandLineArguments Adjusted(Args);
        for (std::string &Arg : Adjusted)
          if (Arg == ToolPath)
            Arg = Given;
        return Adjusted;
      });
  // Annotated sources are C++17 unless the compile command says otherwise.
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      {"-xc++", "-std=c++17"}, ArgumentInsertPosition::BEGIN));
  Tool.appendArgumentsAdjuster(getClangSyntaxOnlyAdjuster());
  Tool.appendArgumentsAdjuster(getClangStripOutputAdjuster());
  Tool.appendArgumentsAdjuster(getClangStripDependencyFileAdjuster());
  Tool.appendArgumentsAdjuster(
      [ResourceDir, QdInclude](const CommandLineArguments &Args, StringRef) {
        CommandLineArguments Adjusted;
        for (const std::string &Arg : Args)
          if (!StringRef(Arg).starts_with("-W") ||
              !qd::isQdWarningOption(StringRef(Arg).drop_front(2)))
            Adjusted.push_back(Arg);
        if (!hasArgumentPrefix(Args, "-resource-dir"))
          Adjusted.push_back("-resource-dir=" + ResourceDir);
        // After the user's own -I, so theirs win.
        if (QdInclude)
          Adjusted.push_back("-I" + *QdInclude);
        // QD_HOST_DEVICE becomes an annotation the translator can see.
        Adjusted.push_back("-D__QD_TRANSLATE__");
        return Adjusted;
      });
  return Tool;
}

/// Writing over the input would lose it; reports the conflict if so.
bool reportOutputOverwritesSource(StringRef Output, StringRef Source) {
  // By file identity, not by name: '-o ./x.cpp', a link to the source, or
  // --out-dir next to a source already named like an output ('k.cu').
  bool SameFile = false;
  if (Output != "-" && !sys::fs::equivalent(Output, Source, SameFile) &&
      SameFile) {
    errs() << "qd-translate: the output '" << Output
           << "' would overwrite its source; choose another -o or --out-dir\n";
    return true;
  }
  return false;
}

/// Both passes over one source must see the same command-line choices.
qd::TranslateOptions makeTranslateOptions(CompilationDatabase &Compilations,
                                          const std::string &Source,
                                          const std::string &Output) {
  qd::TranslateOptions Options;
  Options.CodeGen.Target = Target;
  // Relative to the current directory when under it, so that the output
  // does not depend on where the project is (qd_translate_sources runs the
  // tool in the input root).
  Options.CodeGen.SourceName = qd::displayPath(Source);
  Options.CodeGen.LineDirectives = !NoLineDirectives;
  Options.CodeGen.Graphs = Graphs;
  Options.Remarks = Remarks;
  Options.OutputName = Output == "-" ? qd::outputFileName(Source, Target)
                                     : sys::path::filename(Output).str();
  // From the compile command, '--extra-arg' included; makeTool's adjuster
  // hides them from clang, which does not know them.
  for (const CompileCommand &Command : Compilations.getCompileCommands(Source))
    for (StringRef Arg : Command.CommandLine)
      if (Arg.consume_front("-W") && qd::isQdWarningOption(Arg))
        Options.WarningOptions.push_back(Arg.str());

  Options.OutputPath = qd::normalizedPath(
      Output == "-" ? Options.OutputName : StringRef(Output));
  if (!HeaderOutput.empty()) {
    // As the preprocessor will see it once it exists: links resolved.
    SmallString<256> Dir;
    Options.HeaderPath = qd::normalizedPath(HeaderOutput);
    if (!sys::fs::real_path(sys::path::parent_path(Options.HeaderPath), Dir)) {
      sys::path::append(Dir, sys::path::filename(Options.HeaderPath));
      Options.HeaderPath = std::string(Dir);
    }
  }
  return Options;
}

/// User headers are told apart by where they really lie; nullopt: reported.
std::optional<std::string> resolveInRoot(StringRef Source) {
  SmallString<256> Root(InRoot.empty() ? sys::path::parent_path(Source)
                                       : StringRef(InRoot));
  if (Root.empty())
    Root = ".";
  if (std::error_code EC = sys::fs::real_path(Root, Root)) {
    errs() << "qd-translate: cannot use --in-root '" << InRoot
           << "': " << EC.message() << "\n";
    return std::nullopt;
  }
  return std::string(Root);
}

/// A quoted '#include' cannot hold '"': refused before clang reads the line.
int refuseUnquotable(StringRef Source, StringRef Path) {
  errs() << "qd-translate: generated code for " << Source << " would include '"
         << Path
         << "', and a quoted #include cannot hold '\"'; write the outputs "
            "(-o, --header) where that path has no '\"', or rename the "
            "directory\n";
  return ExitOptionConflict;
}

/// A source may include its own entry-point header, which must exist first.
qd::TranslateResult renderEntryPointHeader(
    CompilationDatabase &Compilations, const std::string &Source,
    const std::string &ResourceDir, const std::optional<std::string> &QdInclude,
    const qd::TranslateOptions &Options) {
  // Such a source calls entry points that only the header declares: this
  // first, silent pass renders the header from the kernels, and the real
  // pass parses with it in place.
  qd::TranslateOptions HeaderPass = Options;
  HeaderPass.HeaderPass = true;
  qd::TranslateResult HeaderResult;
  ClangTool Tool = makeTool(Compilations, Source, ResourceDir, QdInclude);
  Tool.appendArgumentsAdjuster([](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Adjusted;
    for (const std::string &Arg : Args)
      if (!StringRef(Arg).starts_with("-verify"))
        Adjusted.push_back(Arg);
    Adjusted.push_back("-ferror-limit=0");
    return Adjusted;
  });
  clang::IgnoringDiagConsumer Silent;
  Tool.setDiagnosticConsumer(&Silent);
  Tool.mapVirtualFile(Options.HeaderPath, "#pragma once\n");
  auto Factory = qd::newTranslateActionFactory(HeaderPass, HeaderResult);
  Tool.run(Factory.get());
  return HeaderResult;
}

/// Clang's status and the translation: together they say what may be written.
struct TranslatePass {
  int ToolStatus = 0;
  qd::TranslateResult Result;
};

/// The real pass must parse with the rendered header, not the file on disk.
TranslatePass runTranslatePass(CompilationDatabase &Compilations,
                               const std::string &Source,
                               const std::string &ResourceDir,
                               const std::optional<std::string> &QdInclude,
                               const qd::TranslateOptions &Options,
                               std::string Header) {
  TranslatePass Pass;
  Pass.Result.Header = std::move(Header);
  ClangTool Tool = makeTool(Compilations, Source, ResourceDir, QdInclude);
  if (!Options.HeaderPath.empty())
    Tool.mapVirtualFile(Options.HeaderPath, Pass.Result.Header);
  auto Factory = qd::newTranslateActionFactory(Options, Pass.Result);
  Pass.ToolStatus = Tool.run(Factory.get());
  return Pass;
}

/// --check lets a build fail on committed outputs that are stale or missing.
int checkOutputsUpToDate(ArrayRef<qd::ExtraOutput> Files, StringRef Source) {
  for (const qd::ExtraOutput &File : Files) {
    auto Existing = MemoryBuffer::getFile(File.Path, /*IsText=*/false);
    if (!Existing || (*Existing)->getBuffer() != File.Content) {
      errs() << "qd-translate: " << File.Path << " is "
             << (Existing ? "out of date" : "missing")
             << "; regenerate it from " << Source << "\n";
      return ExitCheckFailed;
    }
  }
  return ExitSuccess;
}

/// A build must never see a new output beside an old header copy or .d file.
int writeOutputs(ArrayRef<qd::ExtraOutput> Files, size_t NumCopies) {
  // The copies' directories are the tool's to make; the others the user
  // named, and a missing one is an error, found before anything is made.
  for (size_t I = NumCopies; I < Files.size(); ++I) {
    StringRef Dir = sys::path::parent_path(Files[I].Path);
    if (!Dir.empty() && !sys::fs::is_directory(Dir))
      return reportCannotWrite(
          Files[I].Path,
          errorCodeToError(
              std::make_error_code(std::errc::no_such_file_or_directory)));
  }
  for (size_t I = 0; I < NumCopies; ++I)
    sys::fs::create_directories(sys::path::parent_path(Files[I].Path));
  std::string Failed;
  if (Error E = qd::writeFilesAtomically(Files, Failed))
    return reportCannotWrite(Failed, std::move(E));
  return ExitSuccess;
}

/// One source's outputs are checked or written together, never some of them.
int emitOutputs(const std::string &Source, const std::string &Output,
                const qd::TranslateOptions &Options,
                qd::TranslateResult &Result) {
  // Everything this source produces besides dependency files: the output,
  // the translated copies of user headers and the entry-point header.
  std::vector<qd::ExtraOutput> Files = std::move(Result.HeaderCopies);
  const size_t NumCopies = Files.size();
  if (!Files.empty() && Output == "-") {
    errs() << "qd-translate: device code of " << Source
           << " calls functions of your headers, such as " << Files[0].Path
           << "; their translated copies need -o or --out-dir\n";
    return ExitOptionConflict;
  }
  if (!Options.HeaderPath.empty())
    Files.push_back({HeaderOutput, Result.Header});

  if (Check) {
    Files.push_back({Output, Result.Output});
    return checkOutputsUpToDate(Files, Source);
  }

  if (WriteDeps || !DepFile.empty()) {
    std::string DepPath = DepFile.empty() ? Output + ".d" : DepFile.getValue();
    Files.push_back({DepPath, qd::makeDependencyFile(
                                  Output == "-" ? Options.OutputName : Output,
                                  Result.Dependencies)});
  }
  if (Output != "-")
    Files.push_back({Output, Result.Output});
  if (int Status = writeOutputs(Files, NumCopies))
    return Status;
  if (Output == "-")
    outs() << Result.Output;
  return ExitSuccess;
}

/// Each source is translated and written on its own; returns its exit status.
int translateOne(CompilationDatabase &Compilations, const std::string &Source,
                 const std::string &ResourceDir,
                 const std::optional<std::string> &QdInclude) {
  std::string Output = outputFor(Source);
  if (reportOutputOverwritesSource(Output, Source))
    return ExitOptionConflict;
  qd::TranslateOptions Options =
      makeTranslateOptions(Compilations, Source, Output);
  std::optional<std::string> Root = resolveInRoot(Source);
  if (!Root)
    return ExitInputMissing;
  Options.InRoot = std::move(*Root);

  std::string Header;
  if (!Options.HeaderPath.empty()) {
    qd::TranslateResult HeaderResult = renderEntryPointHeader(
        Compilations, Source, ResourceDir, QdInclude, Options);
    if (!HeaderResult.UnquotableInclude.empty())
      return refuseUnquotable(Source, HeaderResult.UnquotableInclude);
    Header = HeaderResult.Header;
  }
  TranslatePass Pass = runTranslatePass(Compilations, Source, ResourceDir,
                                        QdInclude, Options, std::move(Header));
  // Under -verify, success means the diagnostics matched the source's
  // 'expected-*' comments; the input is expected to have errors, so nothing
  // is written either way.
  if (Pass.Result.Verifying)
    return Pass.ToolStatus == 0 ? ExitSuccess : ExitTranslationErrors;
  if (Pass.ToolStatus != 0 || !Pass.Result.Succeeded)
    return ExitTranslationErrors;
  if (!Pass.Result.UnquotableInclude.empty())
    return refuseUnquotable(Source, Pass.Result.UnquotableInclude);
  return emitOutputs(Source, Output, Options, Pass.Result);
}

/// Build scripts get one line where llvm::cl words a problem over several.
int reportUsageError(Error E, StringRef Argv0) {
  std::string Message = toString(std::move(E));
  SmallVector<StringRef, 4> Lines;
  StringRef(Message).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::string Program = sys::path::filename(Argv0).str() + ": ";
  std::string OneLine;
  for (StringRef Line : Lines) {
    Line = Line.trim();
    while (Line.consume_front(Program) || Line.consume_front("qd-translate: "))
      ;
    if (!Line.empty())
      OneLine += (OneLine.empty() ? "" : " ") + Line.str();
  }
  // Some errors (a bad --target value) llvm::cl has printed itself.
  if (!OneLine.empty())
    errs() << "qd-translate: " << OneLine << "\n";
  return ExitUsage;
}

/// Options that contradict each other are refused before any source is read.
int checkOptionsFit(const std::vector<std::string> &Sources) {
  if (!OutputPath.empty() && !OutDir.empty()) {
    errs() << "qd-translate: -o and --out-dir cannot be used together\n";
    return ExitOptionConflict;
  }
  if (Sources.size() > 1 && OutDir.empty()) {
    errs() << "qd-translate: " << Sources.size()
           << " sources need --out-dir (-o and standard output take one)\n";
    return ExitOptionConflict;
  }
  if (!HeaderOutput.empty() && Sources.size() > 1) {
    errs() << "qd-translate: --header names one file; translate the "
           << Sources.size() << " sources one at a time\n";
    return ExitOptionConflict;
  }
  if (Check && OutputPath.empty() && OutDir.empty()) {
    errs() << "qd-translate: --check needs -o or --out-dir\n";
    return ExitOptionConflict;
  }
  if (WriteDeps && DepFile.empty() && OutputPath.empty() && OutDir.empty()) {
    errs() << "qd-translate: -MD with standard output needs -MF <file>\n";
    return ExitOptionConflict;
  }
  return ExitSuccess;
}

/// Inputs are checked up front so that clang never meets one it cannot read.
int checkSourcesReadable(const std::vector<std::string> &Sources) {
  for (const std::string &Source : Sources) {
    if (!sys::fs::exists(Source)) {
      errs() << "qd-translate: no such file: '" << Source << "'\n";
      return ExitInputMissing;
    }
    // A directory or an unreadable file would otherwise reach clang, whose
    // error names neither the tool nor the reason as plainly.
    if (auto Buffer = MemoryBuffer::getFile(Source); !Buffer) {
      errs() << "qd-translate: cannot read '" << Source
             << "': " << Buffer.getError().message() << "\n";
      return ExitInputMissing;
    }
  }
  return ExitSuccess;
}

/// Without clang's builtin headers no source parses; nullopt: reported.
std::optional<std::string> findResourceDirOrReport(ArrayRef<const char *> Argv,
                                                   const std::string &Self) {
  // A '-resource-dir' among the compiler arguments wins over our search.
  bool UserResourceDir = false;
  for (size_t I = 1; I < Argv.size(); ++I)
    UserResourceDir |= StringRef(Argv[I]).contains("-resource-dir");
  std::optional<std::string> ResourceDir = qd::findResourceDir(Self);
  if (!ResourceDir && UserResourceDir)
    ResourceDir = ""; // The adjuster leaves the user's flag alone.
  if (!ResourceDir) {
    errs() << "qd-translate: cannot find clang's builtin headers "
              "(include/stddef.h); looked in:\n";
    for (const std::string &Dir : qd::resourceDirCandidates(Self))
      errs() << "  " << Dir << "\n";
    errs() << "Install clang's resource headers (Debian: libclang-common-"
           << CLANG_VERSION_MAJOR
           << "-dev) or pass '-- -resource-dir=<dir>'.\n";
  }
  return ResourceDir;
}

} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(Category);

  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::OneOrMore, Overview);
  if (!Parser)
    return reportUsageError(Parser.takeError(), argv[0]);
  const std::vector<std::string> &Sources = Parser->getSourcePathList();
  if (int Status = checkOptionsFit(Sources))
    return Status;
  if (int Status = checkSourcesReadable(Sources))
    return Status;

  std::string Self = sys::fs::getMainExecutable(argv[0], (void *)&main);
  std::optional<std::string> ResourceDir =
      findResourceDirOrReport(ArrayRef<const char *>(argv, argc), Self);
  if (!ResourceDir)
    return ExitInstallation;
  std::optional<std::string> QdInclude = qd::findQdIncludeDir(Self);

  int Status = ExitSuccess;
  for (const std::string &Source : Sources)
    Status = std::max(Status, translateOne(Parser->getCompilations(), Source,
                                           *ResourceDir, QdInclude));
  return Status;
}
