// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <type_traits>
#include <utility>

namespace {

static_assert(!std::is_copy_constructible_v<qd::Stream>);
static_assert(std::is_nothrow_move_constructible_v<qd::Stream>);
static_assert(!std::is_copy_constructible_v<qd::Event>);
static_assert(std::is_nothrow_move_constructible_v<qd::Event>);
static_assert(std::is_trivially_copyable_v<qd::StreamRef>);
static_assert(std::is_convertible_v<const qd::Stream&, qd::StreamRef>);

TEST(StreamRefTest, DefaultIsTheDefaultStream) {
  qd::StreamRef s;
  EXPECT_TRUE(s.is_default());
  EXPECT_EQ(s.native(), nullptr);
  EXPECT_EQ(s, qd::StreamRef(nullptr));
  EXPECT_NO_THROW(s.synchronize());
}

TEST(StreamRefTest, WrapsVendorHandlesWithoutVendorHeaders) {
  auto* cuda = reinterpret_cast<CUstream_st*>(std::uintptr_t{0x1000});
  auto* hip = reinterpret_cast<ihipStream_t*>(std::uintptr_t{0x2000});
  qd::StreamRef a = cuda; // implicit, as at a generated call site
  qd::StreamRef b = hip;
  EXPECT_EQ(a.native(), static_cast<void*>(cuda));
  EXPECT_EQ(b.native(), static_cast<void*>(hip));
  EXPECT_FALSE(a.is_default());
  EXPECT_NE(a, b);
  EXPECT_EQ(qd::StreamRef::from_native(cuda), a);
}

TEST(StreamRefTest, ConvertsToTheVendorStreamTypes) {
  auto* handle = reinterpret_cast<CUstream_st*>(std::uintptr_t{0x3000});
  const qd::StreamRef s = handle;
  CUstream_st* cuda = s; // where a library takes a cudaStream_t
  ihipStream_t* hip = s;
  EXPECT_EQ(cuda, handle);
  EXPECT_EQ(static_cast<void*>(hip), static_cast<void*>(handle));
  EXPECT_EQ(qd::StreamRef(cuda), s);
  // Comparisons stay StreamRef's, unambiguous.
  EXPECT_FALSE(s == nullptr);
  EXPECT_TRUE(qd::StreamRef() == nullptr);
  EXPECT_TRUE(s != qd::StreamRef());
  static_assert(!std::is_convertible_v<qd::StreamRef, void*>);
  static_assert(!std::is_convertible_v<qd::StreamRef, bool>);
  static_assert(!std::is_convertible_v<qd::StreamRef, int*>);
}

TEST(StreamTest, CpuStreamsAreEmptyHandles) {
  qd::Stream s;
  EXPECT_TRUE(s.valid());
  EXPECT_EQ(s.ref().native(), nullptr);
  qd::StreamRef r = s;
  EXPECT_EQ(r, s.ref());
  EXPECT_NO_THROW(s.synchronize());
}

TEST(StreamTest, MoveLeavesSourceEmpty) {
  qd::Stream a;
  qd::Stream b(std::move(a));
  EXPECT_TRUE(b.valid());
  EXPECT_FALSE(a.valid()); // NOLINT(bugprone-use-after-move)
  qd::Stream c;
  c = std::move(b);
  EXPECT_TRUE(c.valid());
  EXPECT_FALSE(b.valid()); // NOLINT(bugprone-use-after-move)
  qd::Stream& same = c;    // through a reference, as self-moves happen
  c = std::move(same);     // self-move keeps the stream
  EXPECT_TRUE(c.valid());
}

TEST(EventTest, ElapsedMeasuresHostTimeBetweenRecords) {
  qd::Event start, end;
  start.record();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  end.record();
  end.synchronize();
  const float ms = qd::Event::elapsed_ms(start, end);
  EXPECT_GE(ms, 25.f);
  EXPECT_LT(ms, 5000.f);
  EXPECT_LE(qd::Event::elapsed_ms(end, start), -25.f);
}

TEST(EventTest, RecordWaitReadyOnAStream) {
  qd::Stream producer, consumer;
  qd::Event e;
  EXPECT_TRUE(e.ready()); // nothing recorded yet
  e.record(producer);
  e.wait(consumer);
  e.wait(); // default stream
  EXPECT_TRUE(e.ready()); // cpu work is already done
  EXPECT_NO_THROW(e.synchronize());
}

TEST(EventTest, ElapsedNeedsRecordedEvents) {
  qd::Event start, end;
  start.record();
  EXPECT_THROW(qd::Event::elapsed_ms(start, end), qd::Error);
}

TEST(EventTest, MoveTransfersTheRecord) {
  qd::Event start;
  start.record();
  qd::Event moved(std::move(start));
  EXPECT_TRUE(moved.valid());
  EXPECT_FALSE(start.valid()); // NOLINT(bugprone-use-after-move)
  qd::Event end;
  end.record();
  qd::Event target;
  target = std::move(end);
  EXPECT_GE(qd::Event::elapsed_ms(moved, target), 0.f);
}

TEST(EventTest, MovedFromEventReportsMisuse) {
  qd::Event a;
  qd::Event b(std::move(a));
  EXPECT_THROW(a.record(), qd::Error); // NOLINT(bugprone-use-after-move)
  EXPECT_THROW(a.ready(), qd::Error);
  EXPECT_THROW(qd::Event::elapsed_ms(a, b), qd::Error);
}

TEST(DeviceTest, CpuHasOneDevice) {
  EXPECT_EQ(qd::device_count(), 1);
  EXPECT_EQ(qd::current_device(), 0);
  EXPECT_NO_THROW(qd::set_device(0));
  EXPECT_NO_THROW(qd::synchronize());
  try {
    qd::set_device(1);
    FAIL() << "set_device(1) should throw";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.call(), "set_device");
    EXPECT_NE(std::string(e.what()).find("invalid device ordinal"),
              std::string::npos);
  }
}

} // namespace
