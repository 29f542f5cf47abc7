// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Data regions and the present table (include/qd/data.h) on the fake
// device, whose memory is host memory: a test can read and write the device
// copy directly, and the fake counts allocations, copies and default-stream
// synchronizations per device.
#include "fake_support.h"

#include <qd/data.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

using qd::DataClause;
using qd::detail::DataItem;
using qd::detail::DataRegion;
using qd::detail::present_or_device;

constexpr const char* kFile = "port.cpp";

// Every test leaves the tables empty and frees what it allocated.
class PresentTest : public qd_fake_test::FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    ASSERT_EQ(qd::detail::present_entries.load(), 0u);
    for (int d = 0; d < qd::device_count(); ++d)
      before_.push_back(qd::fake::counts(d));
  }

  void TearDown() override {
    EXPECT_EQ(qd::detail::present_entries.load(), 0u)
        << "a test left data present";
    for (int d = 0; d < qd::device_count(); ++d) {
      const qd::fake::Counts now = qd::fake::counts(d);
      EXPECT_EQ(now.device_allocations - before_[d].device_allocations,
                now.device_frees - before_[d].device_frees)
          << "device " << d << ": device memory leaked or freed twice";
      EXPECT_EQ(now.pool_allocations - before_[d].pool_allocations,
                now.pool_frees - before_[d].pool_frees)
          << "device " << d << ": pooled copies leaked or freed twice";
    }
    FakeTest::TearDown();
  }

  // Counters of `device` since SetUp.
  qd::fake::Counts since(int device = 0) const {
    qd::fake::Counts now = qd::fake::counts(device);
    const qd::fake::Counts& b = before_[device];
    // A present copy comes from the driver's allocator or, when it is small
    // and copied in, from the pool (runtime/present_table.cpp): both count
    // as the device's allocations and frees here.
    now.device_allocations += now.pool_allocations - b.pool_allocations;
    now.device_allocations -= b.device_allocations;
    now.device_frees += now.pool_frees - b.pool_frees;
    now.device_frees -= b.device_frees;
    now.copies_to_device -= b.copies_to_device;
    now.bytes_to_device -= b.bytes_to_device;
    now.copies_to_host -= b.copies_to_host;
    now.bytes_to_host -= b.bytes_to_host;
    now.default_stream_synchronizations -= b.default_stream_synchronizations;
    return now;
  }

private:
  std::vector<qd::fake::Counts> before_;
};

DataItem item(DataClause c, const float* p, std::size_t n, const char* text) {
  return DataItem{c, p, n * sizeof(float), text};
}

void enter(DataItem i, unsigned line = 10) {
  qd::detail::data_enter(&i, 1, kFile, line);
}
void exit_(DataItem i, unsigned line = 20) {
  qd::detail::data_exit(&i, 1, kFile, line);
}

std::vector<float> iota(std::size_t n, float start = 1.f) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = start + static_cast<float>(i);
  return v;
}

// The message of the qd::Error that `f` throws ("" if it throws none).
template <class F> std::string error_of(F f) {
  try {
    f();
  } catch (const qd::Error& e) {
    return e.what();
  }
  return "";
}

TEST_F(PresentTest, CopyRoundTripsThroughTheDevice) {
  std::vector<float> u = iota(100);
  {
    DataRegion region({item(DataClause::copy, u.data(), u.size(), "u[0:n]")},
                      kFile, 3);
    float* d = present_or_device(u.data(), "scale", "u");
    ASSERT_NE(d, u.data()) << "the kernel must get the device copy";
    EXPECT_EQ(qd::fake::allocation_device(d), 0);
    for (std::size_t i = 0; i < u.size(); ++i) {
      EXPECT_EQ(d[i], u[i]) << "copied in at entry";
      d[i] *= 2.f; // the "kernel"
    }
    EXPECT_EQ(u[7], 8.f) << "the host copy is untouched inside the region";
  }
  EXPECT_EQ(u[7], 16.f) << "copied back at exit";
  EXPECT_EQ(since().copies_to_device, 1u);
  EXPECT_EQ(since().copies_to_host, 1u);
  EXPECT_EQ(since().bytes_to_host, 100 * sizeof(float));
  EXPECT_EQ(since().device_frees, 1u);
}

// Small ranges that are copied in come from the stream-ordered pool (a
// region around one call that copies a reduction's result in and out must
// not pay cudaMalloc and cudaFree); 'create' and large ranges keep the
// driver's allocator.
TEST_F(PresentTest, SmallCopiedRangesComeFromThePool) {
  const qd::fake::Counts start = qd::fake::counts(0);
  std::vector<float> result(1, 2.f), scratch(1), big(64 * 1024 / sizeof(float) + 1);
  {
    DataRegion region({item(DataClause::copy, result.data(), 1, "result[0:1]"),
                       item(DataClause::create, scratch.data(), 1, "scratch[0:1]"),
                       item(DataClause::copyin, big.data(), big.size(), "big[0:n]")},
                      kFile, 7);
    float* d = present_or_device(result.data(), "total", "result");
    EXPECT_EQ(qd::fake::allocation_device(d), 0);
    *d += 1.f;
    const qd::fake::Counts inside = qd::fake::counts(0);
    EXPECT_EQ(inside.pool_allocations - start.pool_allocations, 1u);
    EXPECT_EQ(inside.device_allocations - start.device_allocations, 2u)
        << "create and the large range use the driver's allocator";
  }
  EXPECT_EQ(result[0], 3.f);
  const qd::fake::Counts end = qd::fake::counts(0);
  EXPECT_EQ(end.pool_frees - start.pool_frees, 1u);
  EXPECT_EQ(end.device_frees - start.device_frees, 2u);
}

TEST_F(PresentTest, CopyinCopyoutAndCreateCopyOnlyTheirWay) {
  std::vector<float> in = iota(8), out(8, -1.f), tmp(8, -2.f);
  {
    DataRegion region({item(DataClause::copyin, in.data(), 8, "in"),
                       item(DataClause::copyout, out.data(), 8, "out"),
                       item(DataClause::create, tmp.data(), 8, "tmp")},
                      kFile, 3);
    const float* din = present_or_device(in.data(), "k", "in");
    float* dout = present_or_device(out.data(), "k", "out");
    float* dtmp = present_or_device(tmp.data(), "k", "tmp");
    EXPECT_EQ(since().copies_to_device, 1u) << "only copyin copies in";
    EXPECT_EQ(since().device_allocations, 3u);
    for (int i = 0; i < 8; ++i) {
      dtmp[i] = din[i] + 1.f;
      dout[i] = dtmp[i] * 10.f;
    }
    in[0] = 99.f;
  }
  EXPECT_EQ(since().copies_to_host, 1u) << "only copyout copies back";
  EXPECT_EQ(in[0], 99.f);
  EXPECT_EQ(out[3], 50.f);
  EXPECT_EQ(tmp[3], -2.f);
}

TEST_F(PresentTest, EnterAndExitCountReferences) {
  std::vector<float> u = iota(16);
  enter(item(DataClause::copyin, u.data(), 16, "u[0:16]"));
  float* d = present_or_device(u.data(), "k", "u");
  EXPECT_EQ(qd::detail::present_entries.load(), 1u);
  // Present already: counted, not copied or allocated again, even for copy
  // and for a part of the range.
  enter(item(DataClause::copy, u.data(), 16, "u[0:16]"));
  enter(item(DataClause::copyin, u.data() + 4, 4, "u[4:4]"));
  EXPECT_EQ(since().copies_to_device, 1u);
  EXPECT_EQ(since().device_allocations, 1u);
  d[5] = -5.f;
  exit_(item(DataClause::copyout, u.data() + 4, 4, "u[4:4]"));
  exit_(item(DataClause::copy, u.data(), 16, "u[0:16]"));
  EXPECT_EQ(since().copies_to_host, 0u) << "still held by the first entry";
  EXPECT_EQ(present_or_device(u.data(), "k", "u"), d);
  EXPECT_EQ(u[5], 6.f);
  // The last holder decides: copyout of the part it names.
  exit_(item(DataClause::copyout, u.data() + 4, 4, "u[4:4]"));
  EXPECT_EQ(since().copies_to_host, 1u);
  EXPECT_EQ(since().bytes_to_host, 4 * sizeof(float));
  EXPECT_EQ(since().device_frees, 1u);
  EXPECT_EQ(u[5], -5.f);
  EXPECT_EQ(qd::detail::present_entries.load(), 0u);
}

TEST_F(PresentTest, CopiesAreOrderedOnTheDefaultStreamAndFinished) {
  std::vector<float> u = iota(4);
  const auto syncs = since().default_stream_synchronizations;
  {
    DataRegion region({item(DataClause::copy, u.data(), 4, "u")}, kFile, 1);
    EXPECT_EQ(since().default_stream_synchronizations, syncs + 1)
        << "entry waits for its copies";
  }
  EXPECT_EQ(since().default_stream_synchronizations, syncs + 2)
      << "exit waits for its copies before freeing";
  {
    DataRegion region({item(DataClause::create, u.data(), 4, "u")}, kFile, 1);
  }
  EXPECT_EQ(since().default_stream_synchronizations, syncs + 2)
      << "nothing to copy, nothing to wait for";
}

TEST_F(PresentTest, ExitCopiesBackWhenAnExceptionUnwinds) {
  std::vector<float> u(32, 0.f);
  try {
    DataRegion region({item(DataClause::copyout, u.data(), 32, "u[0:n]")},
                      kFile, 3);
    float* d = present_or_device(u.data(), "fill", "u");
    for (int i = 0; i < 32; ++i)
      d[i] = 7.f;
    throw std::runtime_error("solver diverged");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "solver diverged");
  }
  EXPECT_EQ(u[31], 7.f);
  EXPECT_EQ(since().device_frees, 1u);
}

TEST_F(PresentTest, AnExitErrorDuringUnwindingIsPrintedNotThrown) {
  std::vector<float> u(4, 0.f);
  testing::internal::CaptureStderr();
  try {
    DataRegion region({item(DataClause::copy, u.data(), 4, "u[0:4]")}, kFile,
                      42);
    // An unbalanced 'exit data' takes the region's entry away early.
    exit_(item(DataClause::delete_, u.data(), 4, "u[0:4]"));
    throw std::runtime_error("first");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "first") << "the region's exit must not replace it";
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("port.cpp:42: copy(u[0:4])"), std::string::npos) << err;
  EXPECT_NE(err.find("is not present on the device"), std::string::npos)
      << err;
  EXPECT_NE(err.find("because of an exception"), std::string::npos) << err;
}

TEST_F(PresentTest, AnExitErrorWithoutAnExceptionIsThrown) {
  std::vector<float> u(4, 0.f);
  std::string message = error_of([&] {
    DataRegion region({item(DataClause::copy, u.data(), 4, "u[0:4]")}, kFile,
                      42);
    exit_(item(DataClause::delete_, u.data(), 4, "u[0:4]"));
  });
  EXPECT_EQ(message.rfind("port.cpp:42: copy(u[0:4]): 'u[0:4]'", 0), 0u)
      << message;
}

TEST_F(PresentTest, DeleteFreesWithoutCopyingBack) {
  std::vector<float> u = iota(4);
  enter(item(DataClause::copyin, u.data(), 4, "u"));
  present_or_device(u.data(), "k", "u")[0] = 50.f;
  exit_(item(DataClause::delete_, u.data(), 4, "u"));
  EXPECT_EQ(u[0], 1.f);
  EXPECT_EQ(since().copies_to_host, 0u);
  EXPECT_EQ(since().device_frees, 1u);
}

TEST_F(PresentTest, InteriorPointersTranslateAtTheSameOffset) {
  std::vector<float> u = iota(64);
  DataRegion region({item(DataClause::copyin, u.data() + 8, 32, "u[8:32]")},
                    kFile, 3);
  float* d = present_or_device(u.data() + 8, "k", "u");
  EXPECT_EQ(present_or_device(u.data() + 20, "k", "u"), d + 12);
  EXPECT_EQ(present_or_device(u.data() + 39, "k", "u"), d + 31);
  const float* cd = present_or_device(static_cast<const float*>(u.data() + 9),
                                      "k", "cu");
  EXPECT_EQ(cd, d + 1);
  EXPECT_EQ(*cd, 10.f);
  void* vd = present_or_device(static_cast<void*>(u.data() + 10), "k", "v");
  EXPECT_EQ(vd, static_cast<void*>(d + 2));
  // Outside the range, also just past its end: plain host memory.
  EXPECT_NE(error_of([&] { present_or_device(u.data() + 40, "k", "u"); }), "");
  EXPECT_NE(error_of([&] { present_or_device(u.data() + 7, "k", "u"); }), "");
}

TEST_F(PresentTest, PartialOverlapIsAnError) {
  std::vector<float> u = iota(64);
  enter(item(DataClause::copyin, u.data(), 16, "u[0:16]"));
  const std::string tail = error_of(
      [&] { enter(item(DataClause::copyin, u.data() + 8, 16, "u[8:16]"), 12); });
  EXPECT_EQ(tail.rfind("port.cpp:12: copyin(u[8:16]): 'u[8:16]'", 0), 0u)
      << tail;
  EXPECT_NE(tail.find("partly overlaps data already present"),
            std::string::npos)
      << tail;
  const std::string whole = error_of(
      [&] { enter(item(DataClause::create, u.data(), 64, "u[0:64]"), 13); });
  EXPECT_NE(whole.find("partly overlaps"), std::string::npos) << whole;
  // Disjoint and adjacent is fine.
  enter(item(DataClause::copyin, u.data() + 16, 16, "u[16:16]"));
  exit_(item(DataClause::copyin, u.data() + 16, 16, "u[16:16]"));
  exit_(item(DataClause::copyin, u.data(), 16, "u[0:16]"));
  EXPECT_EQ(since().device_allocations, 2u);
}

TEST_F(PresentTest, AFailedEntryUndoesItsEarlierItems) {
  std::vector<float> a = iota(8), b = iota(8), u = iota(16);
  enter(item(DataClause::copyin, u.data(), 8, "u[0:8]"));
  const DataItem items[] = {
      item(DataClause::copyin, a.data(), 8, "a"),
      item(DataClause::copy, u.data(), 8, "u[0:8]"),
      item(DataClause::create, b.data(), 8, "b"),
      item(DataClause::copyin, u.data() + 4, 8, "u[4:8]"), // overlaps
  };
  const std::string message =
      error_of([&] { qd::detail::data_enter(items, 4, kFile, 30); });
  EXPECT_NE(message.find("u[4:8]"), std::string::npos) << message;
  EXPECT_EQ(qd::detail::present_entries.load(), 1u) << "a and b taken back";
  // u's count went back to 1: one exit frees it.
  exit_(item(DataClause::copyin, u.data(), 8, "u[0:8]"));
  EXPECT_EQ(qd::detail::present_entries.load(), 0u);
}

TEST_F(PresentTest, ThePresentClauseRequiresPresentData) {
  std::vector<float> u = iota(8);
  const std::string message = error_of([&] {
    DataRegion region({item(DataClause::present, u.data(), 8, "u[0:8]")},
                      kFile, 5);
  });
  EXPECT_EQ(message.rfind("port.cpp:5: present(u[0:8]): 'u[0:8]'", 0), 0u)
      << message;
  EXPECT_NE(message.find("is not present on the device; make it present "
                         "with '#pragma qd data copyin(u[0:8])' or 'enter "
                         "data'"),
            std::string::npos)
      << message;
  EXPECT_EQ(since().device_allocations, 0u);

  enter(item(DataClause::copyin, u.data(), 8, "u[0:8]"));
  {
    DataRegion region({item(DataClause::present, u.data() + 2, 4, "u[2:4]")},
                      kFile, 6);
    EXPECT_EQ(since().device_allocations, 1u);
  }
  EXPECT_EQ(qd::detail::present_entries.load(), 1u) << "the present clause "
                                                       "gave its count back";
  exit_(item(DataClause::delete_, u.data(), 8, "u[0:8]"));
}

TEST_F(PresentTest, DeleteOnEntryAndExitOfAbsentDataAreErrors) {
  std::vector<float> u = iota(8);
  const std::string on_entry =
      error_of([&] { enter(item(DataClause::delete_, u.data(), 8, "u"), 7); });
  EXPECT_EQ(on_entry,
            "port.cpp:7: delete(u): 'delete' is only valid in 'exit data'");
  const std::string absent =
      error_of([&] { exit_(item(DataClause::copyout, u.data(), 8, "u"), 8); });
  EXPECT_EQ(absent.rfind("port.cpp:8: copyout(u): 'u'", 0), 0u) << absent;
  EXPECT_NE(absent.find("is not present on the device"), std::string::npos);
}

TEST_F(PresentTest, AnExitErrorLeavesTheOtherItemsDone) {
  std::vector<float> a(4, 0.f), b = iota(4);
  enter(item(DataClause::copyout, a.data(), 4, "a"));
  present_or_device(a.data(), "k", "a")[1] = 3.f;
  const DataItem items[] = {item(DataClause::copyout, a.data(), 4, "a"),
                            item(DataClause::copyout, b.data(), 4, "b")};
  const std::string message =
      error_of([&] { qd::detail::data_exit(items, 2, kFile, 9); });
  EXPECT_EQ(message.rfind("port.cpp:9: copyout(b)", 0), 0u) << message;
  EXPECT_EQ(a[1], 3.f) << "a was still copied back and freed";
}

TEST_F(PresentTest, ZeroByteItemsDoNothing) {
  std::vector<float> u = iota(4);
  DataRegion region({item(DataClause::copy, u.data(), 0, "u[0:0]"),
                     item(DataClause::present, nullptr, 0, "p[0:0]")},
                    kFile, 1);
  EXPECT_EQ(qd::detail::present_entries.load(), 0u);
  EXPECT_EQ(since().device_allocations, 0u);
}

TEST_F(PresentTest, UpdatesCopyPresentRangesEitherWay) {
  std::vector<float> u = iota(16);
  DataRegion region({item(DataClause::copyin, u.data(), 16, "u[0:16]")},
                    kFile, 1);
  float* d = present_or_device(u.data(), "k", "u");
  d[3] = 30.f;
  d[4] = 40.f;
  const auto syncs = since().default_stream_synchronizations;
  qd::detail::update_host_sync(u.data() + 3, sizeof(float), "u[3:1]", kFile,
                               2);
  EXPECT_EQ(u[3], 30.f);
  EXPECT_EQ(u[4], 5.f) << "only the named part";
  EXPECT_EQ(since().default_stream_synchronizations, syncs + 1);
  u[10] = -10.f;
  qd::detail::update_device_sync(u.data() + 10, sizeof(float), "u[10:1]",
                                 kFile, 3);
  EXPECT_EQ(d[10], -10.f);
  EXPECT_EQ(since().default_stream_synchronizations, syncs + 2);

  // The asynchronous forms copy on the given stream, and do not wait.
  qd::Stream s;
  u[11] = -11.f;
  qd::detail::update_device(u.data() + 11, sizeof(float), s, "u[11:1]", kFile,
                            4);
  d[12] = 120.f;
  qd::detail::update_host(u.data() + 12, sizeof(float), s, "u[12:1]", kFile,
                          5);
  s.synchronize();
  EXPECT_EQ(d[11], -11.f);
  EXPECT_EQ(u[12], 120.f);
  EXPECT_EQ(since().default_stream_synchronizations, syncs + 2);
}

TEST_F(PresentTest, UpdateOfDataThatIsNotPresentIsAnError) {
  std::vector<float> u = iota(16);
  const std::string host = error_of([&] {
    qd::detail::update_host_sync(u.data(), 16 * sizeof(float), "u[0:n]",
                                 kFile, 77);
  });
  EXPECT_EQ(host.rfind("port.cpp:77: update host(u[0:n]): 'u[0:n]' (host ", 0),
            0u)
      << host;
  EXPECT_NE(host.find("is not present on the device; make it present with "
                      "'#pragma qd data copyin(u[0:n])' or 'enter data'"),
            std::string::npos)
      << host;
  // Partly present is not present.
  enter(item(DataClause::copyin, u.data(), 8, "u[0:8]"));
  const std::string device = error_of([&] {
    qd::detail::update_device(u.data(), 16 * sizeof(float), qd::StreamRef(),
                              "u[0:16]", kFile, 78);
  });
  EXPECT_EQ(device.rfind("port.cpp:78: update device(u[0:16])", 0), 0u)
      << device;
  exit_(item(DataClause::copyin, u.data(), 8, "u[0:8]"));
  EXPECT_EQ(since().copies_to_host, 0u);
}

// Kernels still running on the user's own qd::Streams when a region ends,
// an 'exit data' or a host-level 'update' comes (SPEC, "Data regions"):
// those streams are non-blocking, so the default stream, where the runtime
// copies, is not ordered after them. fake::defer holds such a "kernel" back
// until something waits for its stream or for the device.
void later_on(const qd::Stream& s, std::function<void()> kernel) {
  qd::fake::defer(s.ref().native(), std::move(kernel));
}

TEST_F(PresentTest, ExitCopiesBackAfterKernelsOnTheUsersStreams) {
  // Both kinds of device copy: the driver's (copyout) and the pool's (a
  // small range copied in).
  std::vector<float> out(8, 0.f), small = iota(4);
  qd::Stream s;
  {
    DataRegion region({item(DataClause::copyout, out.data(), 8, "out[0:8]"),
                       item(DataClause::copy, small.data(), 4, "small[0:4]")},
                      kFile, 5);
    float* d_out = present_or_device(out.data(), "fill", "out");
    float* d_small = present_or_device(small.data(), "fill", "small");
    later_on(s, [=] {
      for (int i = 0; i < 8; ++i)
        d_out[i] = 7.f;
      d_small[2] = 30.f;
    });
  }
  EXPECT_EQ(qd::fake::deferred_work(0), 0u);
  EXPECT_EQ(out[7], 7.f) << "copied back before the kernel on a user's "
                            "stream wrote it";
  EXPECT_EQ(small[2], 30.f) << "copied back before the kernel on a user's "
                               "stream wrote it";
  EXPECT_EQ(since().copies_to_host, 2u);
}

TEST_F(PresentTest, ExitDataCopiesBackAfterKernelsOnTheUsersStreams) {
  std::vector<float> u = iota(4);
  qd::Stream s;
  enter(item(DataClause::copyin, u.data(), 4, "u[0:4]"));
  float* d = present_or_device(u.data(), "scale", "u");
  later_on(s, [=] { d[1] = 20.f; });
  exit_(item(DataClause::copyout, u.data(), 4, "u[0:4]"));
  EXPECT_EQ(u[1], 20.f) << "copied back before the kernel on a user's "
                           "stream wrote it";
}

TEST_F(PresentTest, ExitDataFreesAfterKernelsOnTheUsersStreams) {
  std::vector<float> a = iota(4), b = iota(4);
  qd::Stream s;
  enter(item(DataClause::create, a.data(), 4, "a[0:4]")); // the driver's
  enter(item(DataClause::copyin, b.data(), 4, "b[0:4]")); // the pool's
  float* da = present_or_device(a.data(), "k", "a");
  float* db = present_or_device(b.data(), "k", "b");
  bool freed_first = false;
  later_on(s, [=, &freed_first] {
    freed_first = qd::fake::allocation_device(da) != 0 ||
                  qd::fake::allocation_device(db) != 0;
    da[0] = db[0] = 0.f;
  });
  const DataItem items[] = {item(DataClause::delete_, a.data(), 4, "a[0:4]"),
                            item(DataClause::delete_, b.data(), 4, "b[0:4]")};
  qd::detail::data_exit(items, 2, kFile, 9);
  EXPECT_EQ(qd::fake::deferred_work(0), 0u);
  EXPECT_FALSE(freed_first) << "freed while a kernel on a user's stream "
                               "still used it";
  EXPECT_EQ(since().copies_to_host, 0u);
}

TEST_F(PresentTest, UpdateHostCopiesAfterKernelsOnTheUsersStreams) {
  std::vector<float> u = iota(16);
  qd::Stream s;
  DataRegion region({item(DataClause::copyin, u.data(), 16, "u[0:16]")}, kFile,
                    1);
  float* d = present_or_device(u.data(), "k", "u");
  later_on(s, [=] { d[3] = 30.f; });
  qd::detail::update_host_sync(u.data() + 3, sizeof(float), "u[3:1]", kFile, 2);
  EXPECT_EQ(u[3], 30.f) << "copied before the kernel on a user's stream "
                           "wrote it";
}

TEST_F(PresentTest, UpdateDeviceCopiesAfterKernelsOnTheUsersStreams) {
  std::vector<float> u = iota(16);
  qd::Stream s;
  DataRegion region({item(DataClause::copyin, u.data(), 16, "u[0:16]")}, kFile,
                    1);
  float* d = present_or_device(u.data(), "k", "u");
  float seen = 0.f;
  later_on(s, [=, &seen] { seen = d[5]; });
  u[5] = -5.f;
  qd::detail::update_device_sync(u.data() + 5, sizeof(float), "u[5:1]", kFile,
                                 3);
  s.synchronize();
  EXPECT_EQ(seen, 6.f) << "overwritten before the kernel on a user's stream "
                          "read it";
  EXPECT_EQ(d[5], -5.f);
}

// The cost stays where something is copied back or freed: an exit that
// only counts down does not wait for the device.
TEST_F(PresentTest, AnExitThatOnlyCountsDownDoesNotWait) {
  std::vector<float> u = iota(4);
  qd::Stream s;
  enter(item(DataClause::copyin, u.data(), 4, "u[0:4]"));
  float* d = present_or_device(u.data(), "k", "u");
  {
    DataRegion region({item(DataClause::copy, u.data(), 4, "u[0:4]")}, kFile,
                      2);
    later_on(s, [=] { d[0] = 10.f; });
  }
  EXPECT_EQ(qd::fake::deferred_work(0), 1u) << "the inner exit waited";
  EXPECT_EQ(since().copies_to_host, 0u);
  exit_(item(DataClause::copyout, u.data(), 4, "u[0:4]"));
  EXPECT_EQ(qd::fake::deferred_work(0), 0u);
  EXPECT_EQ(u[0], 10.f);
}

TEST_F(PresentTest, DeviceMemoryPassesAndHostMemoryThrowsOnceDataIsPresent) {
  qd::Buffer<float> buffer(8);
  std::unique_ptr<float, decltype(&std::free)> host(
      static_cast<float*>(std::malloc(8 * sizeof(float))), &std::free);
  std::vector<float> u = iota(4);

  // Nothing present: the fast path hands any pointer through unchanged.
  ASSERT_EQ(qd::detail::present_entries.load(), 0u);
  EXPECT_EQ(present_or_device(host.get(), "k", "a"), host.get());
  EXPECT_EQ(present_or_device(buffer.data(), "k", "a"), buffer.data());
  EXPECT_EQ(present_or_device(static_cast<float*>(nullptr), "k", "a"), nullptr);

  DataRegion region({item(DataClause::copyin, u.data(), 4, "u")}, kFile, 1);
  EXPECT_EQ(present_or_device(buffer.data(), "k", "a"), buffer.data());
  EXPECT_EQ(present_or_device(buffer.data() + 3, "k", "a"), buffer.data() + 3);
  EXPECT_EQ(present_or_device(static_cast<float*>(nullptr), "k", "a"), nullptr);
  try {
    present_or_device(host.get(), "smooth", "a");
    ADD_FAILURE() << "a host pointer that is not present must throw";
  } catch (const qd::Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("qd: kernel 'smooth': parameter 'a' receives host "
                            "pointer 0x",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find(" that is not present on the device; make it "
                           "present with '#pragma qd data copyin(a[0:n])' or "
                           "'enter data', or pass device memory (qd::Buffer)"),
              std::string::npos)
        << message;
  }
  // Host memory the device can reach (cudaHostRegister) passes.
  qd::fake::register_host_memory(host.get(), 8 * sizeof(float));
  EXPECT_EQ(present_or_device(host.get() + 2, "k", "a"), host.get() + 2);
  qd::fake::unregister_host_memory(host.get());
}

TEST_F(PresentTest, EachDeviceHasItsOwnTable) {
  ASSERT_GE(qd::device_count(), 2);
  std::vector<float> u = iota(8), w = iota(8, 100.f);
  enter(item(DataClause::copy, u.data(), 8, "u"));
  float* d0 = present_or_device(u.data(), "k", "u");
  EXPECT_EQ(qd::fake::allocation_device(d0), 0);

  qd::set_device(1);
  // Device 1's table is empty: pointers pass unchanged, as without data.
  EXPECT_EQ(present_or_device(u.data(), "k", "u"), u.data());
  enter(item(DataClause::copy, u.data(), 8, "u"));
  float* d1 = present_or_device(u.data(), "k", "u");
  EXPECT_NE(d1, d0);
  EXPECT_EQ(qd::fake::allocation_device(d1), 1);
  EXPECT_EQ(since(1).copies_to_device, 1u);
  // Device 1's table is not empty now: w is plain host memory there.
  EXPECT_NE(error_of([&] { present_or_device(w.data(), "k", "w"); }), "");
  d1[0] = -1.f;
  exit_(item(DataClause::copy, u.data(), 8, "u"));
  EXPECT_EQ(u[0], -1.f);
  EXPECT_EQ(since(1).device_frees, 1u);

  qd::set_device(0);
  EXPECT_EQ(present_or_device(u.data(), "k", "u"), d0) << "still present on 0";
  d0[0] = -2.f;
  exit_(item(DataClause::copy, u.data(), 8, "u"));
  EXPECT_EQ(u[0], -2.f);
  EXPECT_EQ(since(0).device_frees, 1u);
}

TEST_F(PresentTest, GlobalsUseTheirDeviceCopy) {
  static float field[16];
  const std::string absent = error_of([&] {
    qd::detail::present_global(field, sizeof field, "advance", "field");
  });
  EXPECT_EQ(absent, "qd: kernel 'advance' uses the global array 'field', "
                    "which is not present on the device; make it present "
                    "with '#pragma qd data copyin(field)' around the calls "
                    "(or 'enter data')");
  field[3] = 3.f;
  DataRegion region({DataItem{DataClause::copyin, field, sizeof field,
                              "field"}},
                    kFile, 1);
  auto* d = static_cast<float*>(
      qd::detail::present_global(field, sizeof field, "advance", "field"));
  EXPECT_NE(d, field);
  EXPECT_EQ(d[3], 3.f);
}

TEST_F(PresentTest, ThreadsEnterExitAndLookUpConcurrently) {
  std::vector<float> shared = iota(64);
  DataRegion outer({item(DataClause::copyin, shared.data(), 64, "shared")},
                   kFile, 1);
  const float* shared_device = present_or_device(shared.data(), "k", "s");
  constexpr int kThreads = 8, kRounds = 200;
  std::vector<std::vector<float>> own(kThreads, std::vector<float>(16, 0.f));
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRounds; ++r) {
        DataRegion region(
            {item(DataClause::copy, own[t].data(), 16, "own"),
             item(DataClause::present, shared.data() + t, 8, "shared[t:8]")},
            kFile, 2);
        float* d = present_or_device(own[t].data(), "k", "own");
        const float* s = present_or_device(
            static_cast<const float*>(shared.data() + t), "k", "s");
        if (s != shared_device + t)
          ++wrong[t];
        for (int i = 0; i < 16; ++i)
          d[i] += 1.f;
      }
    });
  for (std::thread& t : threads)
    t.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(wrong[t], 0) << "thread " << t;
    EXPECT_EQ(own[t][15], static_cast<float>(kRounds)) << "thread " << t;
  }
}

// The per-thread cache of hits (runtime/present_cache.h) must never answer
// with a mapping the table no longer has.
TEST_F(PresentTest, ALookupAfterExitIsNotAnsweredFromTheCache) {
  std::vector<float> u = iota(16), keep = iota(4);
  static float field[8];
  enter(item(DataClause::create, keep.data(), 4, "keep")); // entries stay
  enter(item(DataClause::copyin, u.data(), 16, "u"));
  enter(DataItem{DataClause::copyin, field, sizeof field, "field"});
  float* d = present_or_device(u.data() + 3, "k", "u");
  EXPECT_EQ(present_or_device(u.data() + 3, "k", "u"), d) << "a cached hit";
  void* g = qd::detail::present_global(field, sizeof field, "k", "field");
  EXPECT_EQ(qd::detail::present_global(field, sizeof field, "k", "field"), g);
  exit_(item(DataClause::delete_, u.data(), 16, "u"));
  exit_(DataItem{DataClause::delete_, field, sizeof field, "field"});
  EXPECT_NE(error_of([&] { present_or_device(u.data() + 3, "k", "u"); }), "")
      << "u left the device: its old copy must not be returned";
  EXPECT_NE(error_of([&] {
              qd::detail::present_global(field, sizeof field, "k", "field");
            }),
            "");
  EXPECT_NE(error_of([&] { (void)qd::device_address(u.data()); }), "");
  exit_(item(DataClause::delete_, keep.data(), 4, "keep"));
}

// Whether the allocator puts a new copy where the old one was is up to it;
// what must hold is that writes through the looked-up address reach the
// copy the table has, which copyout brings back.
TEST_F(PresentTest, ReentryAtTheSameAddressGetsTheNewCopy) {
  std::vector<float> u = iota(64);
  std::vector<std::vector<float>> fillers;
  for (int round = 0; round < 6; ++round) {
    const std::size_t n = round % 2 ? 16 : 64; // the cached range's size too
    enter(item(DataClause::copyin, u.data(), n, "u"));
    float* old_copy = present_or_device(u.data() + 5, "k", "u");
    EXPECT_EQ(present_or_device(u.data() + 5, "k", "u"), old_copy);
    exit_(item(DataClause::delete_, u.data(), n, "u"));
    // Something else may take the old copy's memory now.
    fillers.push_back(iota(8 + 8 * static_cast<std::size_t>(round)));
    enter(item(DataClause::create, fillers.back().data(),
               fillers.back().size(), "filler"));
    enter(item(DataClause::copy, u.data(), 64 - n + 16, "u"));
    float* copy = present_or_device(u.data() + 5, "k", "u");
    EXPECT_EQ(qd::fake::allocation_device(copy), 0) << "round " << round;
    *copy = 500.f + static_cast<float>(round);
    // u[40] is inside the new range exactly when the old one was not.
    if (n == 16)
      EXPECT_EQ(present_or_device(u.data() + 40, "k", "u"), copy + 35);
    else
      EXPECT_NE(error_of([&] { present_or_device(u.data() + 40, "k", "u"); }),
                "")
          << "round " << round << ": the old, larger range was used";
    exit_(item(DataClause::copy, u.data(), 64 - n + 16, "u"));
    EXPECT_EQ(u[5], 500.f + static_cast<float>(round))
        << "round " << round << ": the write went to a stale copy";
  }
  for (std::vector<float>& f : fillers)
    exit_(item(DataClause::delete_, f.data(), f.size(), "filler"));
}

TEST_F(PresentTest, MoreRangesThanTheCacheHoldsStillTranslate) {
  constexpr int kRanges = 20; // more than PresentCache::kEntries
  std::vector<std::vector<float>> arrays(kRanges, iota(8));
  std::vector<float*> copies;
  for (int r = 0; r < kRanges; ++r) {
    arrays[r][0] = static_cast<float>(r);
    enter(item(DataClause::copyin, arrays[r].data(), 8, "a"));
    copies.push_back(present_or_device(arrays[r].data(), "k", "a"));
  }
  for (int round = 0; round < 3; ++round)
    for (int r = 0; r < kRanges; ++r) {
      const int k = (r * 7 + round) % kRanges;
      float* d = present_or_device(arrays[k].data() + 2, "k", "a");
      ASSERT_EQ(d, copies[k] + 2) << "range " << k;
      EXPECT_EQ(d[-2], static_cast<float>(k));
    }
  for (int r = 0; r < kRanges; ++r)
    exit_(item(DataClause::delete_, arrays[r].data(), 8, "a"));
}

// One thread makes its array present and takes it away again, round after
// round, checking each round's copy; others look up a range that stays
// present, while entering and leaving their own (each change invalidates
// every thread's cached hits).
TEST_F(PresentTest, CachedHitsStayRightWhileOtherThreadsChangeTheTable) {
  std::vector<float> stable = iota(32);
  DataRegion outer({item(DataClause::copyin, stable.data(), 32, "stable")},
                   kFile, 1);
  const float* stable_copy = present_or_device(stable.data(), "k", "s");
  constexpr int kThreads = 4, kRounds = 300;
  std::vector<int> wrong(kThreads + 1, 0);
  std::vector<std::thread> threads;
  threads.emplace_back([&] {
    std::vector<float> mine(16, 0.f);
    for (int r = 0; r < kRounds; ++r) {
      mine[3] = static_cast<float>(r);
      enter(item(DataClause::copyin, mine.data(), 16, "mine"));
      for (int k = 0; k < 4; ++k) {
        const float* d = present_or_device(
            static_cast<const float*>(mine.data() + 3), "k", "mine");
        if (qd::fake::allocation_device(d) != 0 || *d != static_cast<float>(r))
          ++wrong[0];
      }
      exit_(item(DataClause::delete_, mine.data(), 16, "mine"));
    }
  });
  for (int t = 1; t <= kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<float> own(8, 0.f);
      for (int r = 0; r < kRounds; ++r) {
        for (int k = 0; k < 4; ++k)
          if (present_or_device(static_cast<const float*>(stable.data() + t),
                                "k", "s") != stable_copy + t)
            ++wrong[t];
        if (r % 3 == 0) {
          enter(item(DataClause::create, own.data(), 8, "own"));
          if (qd::fake::allocation_device(
                  present_or_device(own.data(), "k", "own")) != 0)
            ++wrong[t];
          exit_(item(DataClause::delete_, own.data(), 8, "own"));
        }
      }
    });
  for (std::thread& t : threads)
    t.join();
  for (int t = 0; t <= kThreads; ++t)
    EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

} // namespace
