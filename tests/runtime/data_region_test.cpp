// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Data regions on the cpu backend: host memory is the device's, so every
// data function is a no-op that never throws, and kernels get the pointers
// they are given (SPEC section 1: "on the cpu target they are no-ops").
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <vector>

namespace {

using qd::DataClause;
using qd::detail::DataItem;

TEST(CpuDataRegion, EverythingIsTheHostMemoryAndNothingThrows) {
  std::vector<float> u(8, 1.f);
  const std::size_t bytes = u.size() * sizeof(float);
  {
    qd::detail::DataRegion region(
        {DataItem{DataClause::copy, u.data(), bytes, "u"},
         // Not present, and would be an error on a GPU backend.
         DataItem{DataClause::present, u.data() + 2, 8, "u[2:2]"}},
        "port.cpp", 1);
    float* d = qd::detail::present_or_device(u.data(), "k", "u");
    EXPECT_EQ(d, u.data());
    d[0] = 5.f;
    qd::detail::update_host_sync(u.data(), bytes, "u", "port.cpp", 2);
    qd::detail::update_device(u.data(), bytes, qd::StreamRef(), "u",
                              "port.cpp", 3);
  }
  EXPECT_EQ(u[0], 5.f);
  EXPECT_EQ(qd::detail::present_entries.load(), 0u);

  DataItem exit_only{DataClause::delete_, u.data(), bytes, "u"};
  EXPECT_NO_THROW(qd::detail::data_exit(&exit_only, 1, "port.cpp", 4));
  EXPECT_NO_THROW(qd::detail::data_enter(&exit_only, 1, "port.cpp", 5));
  EXPECT_NO_THROW(qd::detail::update_device_sync(u.data(), bytes, "u",
                                                 "port.cpp", 6));
  std::vector<float> other(4);
  EXPECT_EQ(qd::detail::present_or_device(other.data(), "k", "a"),
            other.data());
  static int table[4];
  EXPECT_EQ(qd::detail::present_global(table, sizeof table, "k", "table"),
            static_cast<void*>(table));
}

TEST(CpuDataRegion, ErrorAtStartsWithTheSourcePosition) {
  const qd::Error e = qd::Error::at("port.cpp", 12, "update host(u): no");
  EXPECT_STREQ(e.what(), "port.cpp:12: update host(u): no");
  EXPECT_EQ(e.file(), "port.cpp");
  EXPECT_EQ(e.line(), 12u);
  EXPECT_FALSE(e.is_launch_failure());
}

} // namespace
