// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

qd::Error catch_launch_error(const char* kernel, const char* file,
                             unsigned line, const char* message) {
  try {
    qd::detail::throw_launch_error(kernel, file, line, message);
  } catch (const qd::Error& e) {
    return e;
  }
  ADD_FAILURE() << "throw_launch_error returned";
  return qd::Error("unreachable");
}

TEST(ErrorTest, LaunchErrorNamesKernelPositionAndDriverMessage) {
  const qd::Error e = catch_launch_error("saxpy", "saxpy.cpp", 12,
                                         "invalid configuration argument");
  EXPECT_STREQ(e.what(), "qd kernel 'saxpy' (saxpy.cpp:12): launch failed: "
                         "invalid configuration argument");
  EXPECT_TRUE(e.is_launch_failure());
  EXPECT_EQ(e.kernel(), "saxpy");
  EXPECT_EQ(e.file(), "saxpy.cpp");
  EXPECT_EQ(e.line(), 12u);
  EXPECT_EQ(e.driver_message(), "invalid configuration argument");
  EXPECT_EQ(e.call(), "");
}

TEST(ErrorTest, LaunchErrorToleratesNullStrings) {
  const qd::Error e = catch_launch_error(nullptr, nullptr, 3, nullptr);
  EXPECT_STREQ(e.what(), "qd kernel '<unknown kernel>' (<unknown file>:3): "
                         "launch failed: unknown error");
}

TEST(ErrorTest, IsARuntimeError) {
  EXPECT_THROW(qd::detail::throw_launch_error("k", "f.cpp", 1, "boom"),
               std::runtime_error);
}

TEST(ErrorTest, ApiFailureNamesTheCall) {
  const qd::Error e = qd::Error::api_failure("cudaMalloc", "out of memory");
  EXPECT_STREQ(e.what(), "qd: cudaMalloc failed: out of memory");
  EXPECT_EQ(e.call(), "cudaMalloc");
  EXPECT_EQ(e.driver_message(), "out of memory");
  EXPECT_FALSE(e.is_launch_failure());
  EXPECT_EQ(e.kernel(), "");
  EXPECT_EQ(e.line(), 0u);
}

TEST(ErrorTest, UsageError) {
  const qd::Error e("something odd");
  EXPECT_STREQ(e.what(), "qd: something odd");
  EXPECT_EQ(e.call(), "");
  EXPECT_EQ(e.driver_message(), "");
}

TEST(ErrorTest, CopiesKeepTheDetails) {
  const qd::Error original = qd::Error::launch_failure("k", "k.cpp", 9, "x");
  const qd::Error copy = original; // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy.kernel(), "k");
  EXPECT_EQ(copy.line(), 9u);
  EXPECT_STREQ(copy.what(), original.what());
}

} // namespace
