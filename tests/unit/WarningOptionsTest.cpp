// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WarningOptionsTest.cpp - How -W options treat qd warnings ----------===//
//
// Clang cannot map custom diagnostics, so qd reads the -W options itself;
// these tests pin down that it reads them the way clang reads its own:
// later options win, -Werror=<flag> turns the warning on, -w beats all.
//
//===----------------------------------------------------------------------===//
#include "diagnostics/DiagnosticIds.h"
#include "clang/Basic/DiagnosticOptions.h"
#include <gtest/gtest.h>

using namespace qd;
using clang::DiagnosticIDs;
using clang::DiagnosticOptions;
using clang::DiagnosticsEngine;

namespace {

struct EngineWithOptions {
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> Options =
      new DiagnosticOptions();
  DiagnosticsEngine Engine{new DiagnosticIDs(), Options};

  WarningState state(std::vector<std::string> Warnings,
                     llvm::StringRef Flag = "qd-race") {
    Options->Warnings = std::move(Warnings);
    return warningState(Engine, Flag);
  }
};

TEST(WarningOptions, OnByDefault) {
  EngineWithOptions E;
  EXPECT_EQ(E.state({}), WarningState::Warning);
  EXPECT_EQ(E.state({"no-qd-empty-block"}), WarningState::Warning);
}

TEST(WarningOptions, NoFlagSilencesAndLaterOptionsWin) {
  EngineWithOptions E;
  EXPECT_EQ(E.state({"no-qd-race"}), WarningState::Ignored);
  EXPECT_EQ(E.state({"no-qd-race", "qd-race"}), WarningState::Warning);
  EXPECT_EQ(E.state({"no-qd"}), WarningState::Ignored);
  EXPECT_EQ(E.state({"no-qd", "qd-race"}), WarningState::Warning);
  EXPECT_EQ(E.state({"qd-race", "no-qd"}), WarningState::Ignored);
}

TEST(WarningOptions, ErrorForOneFlagOrAll) {
  EngineWithOptions E;
  EXPECT_EQ(E.state({"error=qd-race"}), WarningState::Error);
  EXPECT_EQ(E.state({"error=qd"}), WarningState::Error);
  EXPECT_EQ(E.state({"error=qd-serial-loop"}), WarningState::Warning);
  // As in clang, -Werror=<flag> turns a silenced warning back on.
  EXPECT_EQ(E.state({"no-qd-race", "error=qd-race"}), WarningState::Error);
  EXPECT_EQ(E.state({"error=qd-race", "no-qd-race"}), WarningState::Ignored);
}

TEST(WarningOptions, GlobalWerrorAndNoErrorForOneFlag) {
  EngineWithOptions E;
  E.Engine.setWarningsAsErrors(true);
  EXPECT_EQ(E.state({}), WarningState::Error);
  EXPECT_EQ(E.state({"no-error=qd-race"}), WarningState::Warning);
  EXPECT_EQ(E.state({"no-error=qd"}), WarningState::Warning);
  EXPECT_EQ(E.state({"no-error=qd-race"}, "qd-empty-block"),
            WarningState::Error);
}

TEST(WarningOptions, LowercaseWSilencesEverything) {
  EngineWithOptions E;
  E.Engine.setIgnoreAllWarnings(true);
  EXPECT_EQ(E.state({"error=qd-race"}), WarningState::Ignored);
}

TEST(WarningOptions, OnlyKnownFlagsAreTakenFromClang) {
  EXPECT_TRUE(isQdWarningOption("qd-race"));
  EXPECT_TRUE(isQdWarningOption("no-qd-empty-block"));
  EXPECT_TRUE(isQdWarningOption("error=qd-serial-loop"));
  EXPECT_TRUE(isQdWarningOption("no-error=qd"));
  EXPECT_TRUE(isQdWarningOption("qd"));
  // Misspelled: left for clang to report as unknown.
  EXPECT_FALSE(isQdWarningOption("qd-racy"));
  EXPECT_FALSE(isQdWarningOption("error"));
  EXPECT_FALSE(isQdWarningOption("unused-variable"));
}

TEST(WarningOptions, EveryWarningHasAFlagAndNoErrorHasOne) {
  EXPECT_EQ(warningFlag(Diag::BlockRace), "qd-race");
  EXPECT_EQ(warningFlag(Diag::EmptyBlock), "qd-empty-block");
  EXPECT_EQ(warningFlag(Diag::SerialLoop), "qd-serial-loop");
  EXPECT_EQ(warningFlag(Diag::StreamParallelNested), std::nullopt);
  EXPECT_EQ(warningFlag(Diag::NoteRaceWrite), std::nullopt);
}

} // namespace
