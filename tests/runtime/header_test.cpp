// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The public headers must work in a plain C++ file: no vendor header may leak
// in, and the support header must stand alone.
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#if defined(__CUDA_RUNTIME_H__) || defined(__DRIVER_TYPES_H__) ||              \
    defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H)
#error "qd/qd.h pulled in a vendor header"
#endif

#include <gtest/gtest.h>

namespace {

TEST(HeaderTest, HostDeviceMacroIsEmptyForTheHostCompiler) {
  // Stringizing the expansion shows what a host-only build sees.
#define QD_TEST_STR2(x) #x
#define QD_TEST_STR(x) QD_TEST_STR2(x)
  EXPECT_STREQ(QD_TEST_STR(QD_HOST_DEVICE), "");
#undef QD_TEST_STR
#undef QD_TEST_STR2
}

} // namespace
