// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TargetTest.cpp - What --target changes in the output ---------------===//
//
// The target table, the file names --out-dir picks, the template lookup, and
// whole translations of one snippet for each target: the vendor spellings,
// and no CUDA attributes in plain C++.
//
//===----------------------------------------------------------------------===//
#include "codegen/Target.h"
#include "codegen/Templates.h"
#include "driver/TranslateAction.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

#ifndef QD_TEST_RESOURCE_DIR
#error "QD_TEST_RESOURCE_DIR must name clang's resource directory"
#endif

using namespace qd;

namespace {

const Target AllTargets[] = {Target::Cuda, Target::Hip, Target::Cpu};

TEST(Target, Table) {
  EXPECT_EQ(targetInfo(Target::Cuda).Name, "cuda");
  EXPECT_EQ(targetInfo(Target::Hip).Name, "hip");
  EXPECT_EQ(targetInfo(Target::Cpu).Name, "cpu");
  // CUDA and HIP code has one shape; the vendor prefix tells them apart.
  EXPECT_EQ(targetInfo(Target::Cuda).TemplateDir,
            targetInfo(Target::Hip).TemplateDir);
  EXPECT_NE(targetInfo(Target::Cuda).TemplateDir,
            targetInfo(Target::Cpu).TemplateDir);
  EXPECT_EQ(targetInfo(Target::Cuda).ApiPrefix, "cuda");
  EXPECT_EQ(targetInfo(Target::Hip).ApiPrefix, "hip");
  EXPECT_TRUE(targetInfo(Target::Cuda).DeviceAttributes);
  EXPECT_TRUE(targetInfo(Target::Hip).DeviceAttributes);
  EXPECT_FALSE(targetInfo(Target::Cpu).DeviceAttributes);
}

TEST(Target, OutputFileNames) {
  EXPECT_EQ(outputFileName("src/saxpy.cpp", Target::Cuda), "saxpy.cu");
  EXPECT_EQ(outputFileName("src/saxpy.cpp", Target::Hip), "saxpy.hip");
  EXPECT_EQ(outputFileName("src/saxpy.cpp", Target::Cpu), "saxpy.cpu.cpp");
  EXPECT_EQ(outputFileName("saxpy.cc", Target::Cpu), "saxpy.cpu.cpp");
}

TEST(Target, OutDirNeverNamesTheSource) {
  // --out-dir set to a C++ source's directory must not overwrite the source.
  // (A source named like an output, 'a.cu', is caught by the command line's
  // same-file check instead.)
  for (Target T : AllTargets)
    for (const char *Source : {"a.cpp", "a.cc", "a.cxx", "a.cpu.cpp"})
      EXPECT_NE(outputFileName(Source, T), Source)
          << targetInfo(T).Name.str() << " " << Source;
}

TEST(Target, EveryTargetHasEveryTemplate) {
  const char *Names[] = {"prologue",      "kernel",       "device_loop",
                         "device_task",   "launch_loop",  "launch_task",
                         "stream_region", "stream_entry", "host_entries"};
  const auto &All = embeddedTemplates();
  for (Target T : AllTargets)
    for (const char *Name : Names)
      EXPECT_TRUE(All.count((targetInfo(T).TemplateDir + "/" + Name).str()) ||
                  All.count(std::string("common/") + Name))
          << targetInfo(T).Name.str() << " lacks " << Name;
}

/// A kernel with a helper function, a parallel loop, a serial task and a
/// region: every kind of generated code.
const char *const Snippet = R"cpp(
inline float twice(float v) { return 2.0f * v; }

#pragma qd kernel
void scale(float* x, float* y, int n) {
  x[0] = twice(x[0]);
  for (int i = 1; i < n; ++i)
    x[i] = twice(x[i]);
  #pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) y[i] = x[i]; }
  #pragma qd stream_parallel
  { x[0] = 0.0f; }
}
)cpp";

std::string translate(Target T) {
  TranslateOptions Options;
  Options.CodeGen.Target = T;
  Options.CodeGen.SourceName = "input.cpp";
  Options.OutputName = outputFileName("input.cpp", T);
  TranslateResult Result;
  auto Factory = newTranslateActionFactory(Options, Result);
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      Factory->create(), Snippet,
      {"-std=c++17", "-xc++", "-resource-dir=" QD_TEST_RESOURCE_DIR},
      "input.cpp"));
  EXPECT_TRUE(Result.Succeeded);
  return Result.Output;
}

bool contains(const std::string &Text, llvm::StringRef Part) {
  return llvm::StringRef(Text).contains(Part);
}

/// What CUDA and HIP outputs have in common, spelled with \p T's names;
/// \p OtherVendor must not appear at all.
void expectGpuOutput(Target T, llvm::StringRef OtherVendor) {
  const std::string Out = translate(T);
  const std::string Vendor = targetInfo(T).Name.str();
  EXPECT_TRUE(contains(Out, "(target: " + Vendor + ")"));
  EXPECT_TRUE(contains(Out, "#include <qd/detail/" + Vendor + ".h>"));
  EXPECT_TRUE(contains(Out, "#line 1 \"input.cpp\""));
  // Scaffolding maps to the output file.
  EXPECT_TRUE(contains(Out, "\"" + outputFileName("input.cpp", T) + "\""));
  EXPECT_TRUE(contains(Out, "__host__ __device__ inline float twice"));
  EXPECT_TRUE(contains(Out, "static __global__ void"));
  EXPECT_TRUE(
      contains(Out, "check_launch(" + Vendor + "GetLastError(), \"scale\""));
  EXPECT_TRUE(
      contains(Out, "qd::detail::PooledStreams qd_block_streams(2, qd_stream, qd_device);"));
  EXPECT_TRUE(contains(Out, "qd_events.wait(2, qd_stream);"));
  EXPECT_FALSE(contains(Out, OtherVendor));
}

TEST(TargetOutput, Cuda) { expectGpuOutput(Target::Cuda, "hip"); }

TEST(TargetOutput, HipHasTheCudaShapeWithHipNames) {
  expectGpuOutput(Target::Hip, "cuda");
}

TEST(TargetOutput, CpuIsPlainCpp) {
  std::string Out = translate(Target::Cpu);
  EXPECT_TRUE(contains(Out, "(target: cpu)"));
  EXPECT_TRUE(contains(Out, "#include <qd/qd.h>"));
  EXPECT_TRUE(contains(Out, "#line 1 \"input.cpp\""));
  EXPECT_TRUE(contains(Out, "\"input.cpu.cpp\""));
  // The helper is left exactly as written.
  EXPECT_TRUE(contains(Out, "\ninline float twice"));
  for (llvm::StringRef Gpu :
       {"__host__", "__device__", "__global__", "__launch_bounds__", "<<<",
        "cuda", "hip", "check_launch", "Pooled"})
    EXPECT_FALSE(contains(Out, Gpu)) << Gpu.str();
  // Both entry points, and blocks in order on the calling thread.
  EXPECT_TRUE(contains(Out, "void scale(float* x, float* y, int n, "
                            "qd::StreamRef qd_stream) {"));
  EXPECT_TRUE(contains(Out, "void scale(float* x, float* y, int n) {"));
  EXPECT_LT(Out.find("// block 1"), Out.find("// block 2"));
  // OpenMP only where the user's build asks for it.
  EXPECT_TRUE(contains(Out, "#if defined(_OPENMP)\n#pragma omp parallel for\n"
                            "#endif\n"));
}

} // namespace
