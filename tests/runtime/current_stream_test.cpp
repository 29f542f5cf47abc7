// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd::current_stream() and the scope generated '#pragma qd host' code runs
// in: per thread, nested, restored on every path.
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

namespace {

qd::StreamRef fake_stream(std::uintptr_t n) {
  return qd::StreamRef::from_native(reinterpret_cast<void*>(n));
}

TEST(CurrentStream, IsTheDefaultStreamOutsideHostCode) {
  EXPECT_TRUE(qd::current_stream().is_default());
}

TEST(CurrentStream, ScopesNestAndRestore) {
  {
    const qd::detail::CurrentStreamScope launch(fake_stream(0x10));
    EXPECT_EQ(qd::current_stream(), fake_stream(0x10));
    {
      // A kernel called from host code runs its own host code on its streams.
      const qd::detail::CurrentStreamScope block(fake_stream(0x20));
      EXPECT_EQ(qd::current_stream(), fake_stream(0x20));
    }
    EXPECT_EQ(qd::current_stream(), fake_stream(0x10));
  }
  EXPECT_TRUE(qd::current_stream().is_default());
}

TEST(CurrentStream, RestoredWhenHostCodeThrows) {
  try {
    const qd::detail::CurrentStreamScope scope(fake_stream(0x30));
    throw std::runtime_error("library call failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_TRUE(qd::current_stream().is_default());
}

TEST(CurrentStream, EachThreadSeesItsOwn) {
  const qd::detail::CurrentStreamScope mine(fake_stream(0x40));
  qd::StreamRef other_before, other_inside;
  std::thread other([&] {
    other_before = qd::current_stream();
    const qd::detail::CurrentStreamScope theirs(fake_stream(0x50));
    other_inside = qd::current_stream();
  });
  other.join();
  EXPECT_TRUE(other_before.is_default());
  EXPECT_EQ(other_inside, fake_stream(0x50));
  EXPECT_EQ(qd::current_stream(), fake_stream(0x40));
}

} // namespace
