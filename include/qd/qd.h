// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd runtime: the public C++ API.
//
// Usable from plain C++ translation units that include no vendor header: GPU
// handle types are only forward-declared, and the class layouts are the same
// for every backend, so a host-compiled file can link against
// qd::runtime_cuda, qd::runtime_hip or qd::runtime_cpu.
//
// Every failing driver call throws qd::Error naming the call and carrying the
// driver's message. Destructors never throw.
#ifndef QD_QD_H
#define QD_QD_H

#include "atomic.h"
#include "minmax.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

// cudaStream_t is `CUstream_st*` and hipStream_t is `ihipStream_t*`; naming
// the structs lets StreamRef accept both without the vendor headers.
struct CUstream_st;
struct ihipStream_t;

namespace qd {

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

// Thrown by every qd call that fails. what() is a complete sentence for a
// log; the accessors let callers react to the parts.
class Error : public std::runtime_error {
public:
  // A usage error detected by qd itself (no driver call involved).
  explicit Error(const std::string& message);

  // A failed driver/runtime call: "qd: <call> failed: <driver message>".
  static Error api_failure(const char* call, const char* driver_message);

  // A failed kernel launch:
  // "qd kernel '<kernel>' (<file>:<line>): launch failed: <driver message>".
  static Error launch_failure(const char* kernel, const char* file,
                              unsigned line, const char* driver_message);

  // A usage error at a directive of the user's source (a data region, an
  // update): "<file>:<line>: <message>", with file() and line() set.
  static Error at(const char* file, unsigned line, const std::string& message);

  // The driver call that failed (e.g. "cudaStreamCreateWithFlags"); empty for
  // launch failures and usage errors.
  const std::string& call() const noexcept;
  // The driver's own description of the failure; empty for usage errors.
  const std::string& driver_message() const noexcept;
  // Launch failures only: the user's kernel name; launch failures and
  // Error::at: the source position.
  bool is_launch_failure() const noexcept;
  const std::string& kernel() const noexcept;
  const std::string& file() const noexcept;
  unsigned line() const noexcept;

private:
  struct Details;
  Error(const std::string& what, std::shared_ptr<const Details> details);
  // Shared so that copying an exception (which std::exception requires to be
  // non-throwing) never allocates.
  std::shared_ptr<const Details> details_;
};

// ---------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------

int device_count();
int current_device();      // of the calling thread, as the driver sees it
void set_device(int device);
void synchronize();        // waits for all work on the current device

// ---------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------

// A non-owning stream handle. Default-constructed (or from nullptr) it is the
// default stream, which for CUDA means the *legacy* default stream (the
// runtime library is built without --default-stream per-thread; pass
// cudaStreamPerThread explicitly if that is what you want).
class StreamRef {
public:
  constexpr StreamRef() noexcept = default;
  constexpr StreamRef(std::nullptr_t) noexcept {}
  // Implicit on purpose: a cudaStream_t/hipStream_t should pass wherever a
  // qd::StreamRef is expected.
  constexpr StreamRef(CUstream_st* cuda_stream) noexcept
      : handle_(cuda_stream) {}
  constexpr StreamRef(ihipStream_t* hip_stream) noexcept
      : handle_(hip_stream) {}
  // For code that carries handles as void* (cpu backend, interop layers).
  static constexpr StreamRef from_native(void* handle) noexcept {
    StreamRef s;
    s.handle_ = handle;
    return s;
  }

  // Blocks the host until all work queued on this stream has finished.
  void synchronize() const;
  // The vendor handle (cudaStream_t / hipStream_t); nullptr for the default
  // stream and for every stream of the cpu backend.
  constexpr void* native() const noexcept { return handle_; }
  constexpr bool is_default() const noexcept { return handle_ == nullptr; }
  // The same handle as a cudaStream_t or hipStream_t, so that a library
  // call takes a StreamRef where it takes a stream:
  // `cublasSetStream(handle, stream)`. A template, so that `stream ==
  // nullptr` keeps meaning StreamRef's comparison (built-in pointer
  // comparisons do not consider conversion templates) and a StreamRef does
  // not turn into void* or bool.
  template <class Native,
            std::enable_if_t<std::is_same_v<Native, CUstream_st*> ||
                                 std::is_same_v<Native, ihipStream_t*>,
                             int> = 0>
  operator Native() const noexcept {
    return static_cast<Native>(handle_);
  }

  friend constexpr bool operator==(StreamRef a, StreamRef b) noexcept {
    return a.handle_ == b.handle_;
  }
  friend constexpr bool operator!=(StreamRef a, StreamRef b) noexcept {
    return a.handle_ != b.handle_;
  }

private:
  void* handle_ = nullptr;
};

// The stream of the '#pragma qd host' statement running on this thread: the
// launch stream of the call, or its stream_parallel block's stream. Library
// calls given it are ordered like the kernel's own loops. Anywhere else (and
// in the serial build, and on the cpu target) the default stream.
StreamRef current_stream() noexcept;

namespace detail {
// Makes `s` this thread's current_stream() until the scope ends; nests.
class CurrentStreamScope {
public:
  explicit CurrentStreamScope(StreamRef s) noexcept;
  ~CurrentStreamScope();
  CurrentStreamScope(const CurrentStreamScope&) = delete;
  CurrentStreamScope& operator=(const CurrentStreamScope&) = delete;

private:
  StreamRef previous_;
};
} // namespace detail

// An owned, non-blocking stream (cudaStreamNonBlocking: it does not
// synchronize implicitly with the legacy default stream; order against other
// streams with Event). Not pooled: creating one costs a driver call, which is
// fine for long-lived user streams. The destructor waits for the stream's
// work before destroying it, so queued work never outlives its owner.
class Stream {
public:
  Stream();
  ~Stream();
  Stream(Stream&& other) noexcept;
  Stream& operator=(Stream&& other) noexcept;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  operator StreamRef() const noexcept { return ref(); }
  StreamRef ref() const noexcept { return StreamRef::from_native(handle_); }
  void synchronize() const;
  // False only for a moved-from Stream, whose ref() is the default stream.
  bool valid() const noexcept { return owned_; }

private:
  void* handle_ = nullptr;
  bool owned_ = false;
};

// An event for ordering streams and timing work. Timing is enabled (unlike the
// pooled events generated code uses), so elapsed_ms works.
class Event {
public:
  Event();
  ~Event();
  Event(Event&& other) noexcept;
  Event& operator=(Event&& other) noexcept;
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  // Captures the work queued on `s` so far.
  void record(StreamRef s = {});
  // Makes `s` wait (on the device, without blocking the host) until the work
  // captured by the latest record() has finished. Waiting on a never-recorded
  // event does not wait.
  void wait(StreamRef s = {}) const;
  // Blocks the host until the captured work has finished.
  void synchronize() const;
  // True when the captured work has finished (or nothing was recorded).
  bool ready() const;
  // Milliseconds between two recorded events; both must have completed
  // (synchronize `end` first). Throws qd::Error otherwise.
  static float elapsed_ms(const Event& start, const Event& end);

  bool valid() const noexcept { return handle_ != nullptr; }

private:
  void* handle_ = nullptr;
};

// ---------------------------------------------------------------------------
// Device memory
// ---------------------------------------------------------------------------

namespace detail {
void* buffer_allocate(std::size_t bytes);
void buffer_free(void* p) noexcept;
void copy_host_to_device(void* dst, const void* src, std::size_t bytes,
                         StreamRef s);
void copy_device_to_host(void* dst, const void* src, std::size_t bytes,
                         StreamRef s);
[[noreturn]] void throw_buffer_too_large(std::size_t n, std::size_t elem_size);
} // namespace detail

// `n` elements of device memory (host memory on the cpu backend), not
// initialized. Copies are stream-ordered and asynchronous on GPU backends:
// after copy_to_host the host must synchronize the stream (or the device)
// before reading `dst`, and after copy_from_host it must keep `src` alive and
// unchanged until the stream has reached the copy. The destructor frees the
// memory; the GPU free waits for the device to be idle, so work still reading
// the buffer is not cut short.
template <class T> class Buffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "qd::Buffer holds bytes copied to and from the device");

public:
  Buffer() noexcept = default;
  explicit Buffer(std::size_t n) : size_(n) {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T))
      detail::throw_buffer_too_large(n, sizeof(T));
    data_ = static_cast<T*>(detail::buffer_allocate(n * sizeof(T)));
  }
  ~Buffer() { detail::buffer_free(data_); }
  Buffer(Buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)) {}
  Buffer& operator=(Buffer&& other) noexcept {
    if (this != &other) {
      detail::buffer_free(data_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t size_bytes() const noexcept { return size_ * sizeof(T); }
  bool empty() const noexcept { return size_ == 0; }

  // Copies size() elements from host `src` into the buffer, ordered on `s`.
  void copy_from_host(const T* src, StreamRef s = {}) {
    detail::copy_host_to_device(data_, src, size_bytes(), s);
  }
  // Copies size() elements of the buffer to host `dst`, ordered on `s`.
  void copy_to_host(T* dst, StreamRef s = {}) const {
    detail::copy_device_to_host(dst, data_, size_bytes(), s);
  }

private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

// ---------------------------------------------------------------------------
// Stream and event pools (used by generated code; see launch_support.h)
// ---------------------------------------------------------------------------

// Counters of one device's pool. Every hand-out is counted once as created
// (a new handle), reused (from the free list, or from the calling thread's
// cache of the handles it released last: docs/runtime.md) or shared (a stream already
// lent out, handed to one more holder because the pool is at its limit), so
// acquired == created + reused + shared. `in_use` and `high_water` count
// hand-outs, so with sharing they can exceed the number of live handles,
// which never exceeds the limit: created - destroyed <= stream_pool_limit().
// Below the limit a pool creates a handle only when its free list is empty,
// so `created` equals the most handles held at once (`high_water`) unless
// trim_pools() destroyed some in between.
struct PoolStats {
  std::size_t created = 0;    // handles created by the pool
  std::size_t destroyed = 0;  // handles destroyed by trim_pools()
  std::size_t in_use = 0;     // hand-outs held right now
  std::size_t high_water = 0; // most hand-outs held at once
  std::size_t acquired = 0;   // hand-outs in total
  std::size_t reused = 0;     // hand-outs served from the free list or a thread's cache
  std::size_t shared = 0;     // hand-outs of a stream already lent out
};

// The priority of a stream_parallel block's stream
// (`#pragma qd stream_parallel priority(high|low)`). normal is the driver's
// default priority; high is the greatest priority the device offers, low the
// least. Each device keeps one pool of streams per priority, because a
// stream's priority is fixed when it is created. The cpu backend has no
// streams and ignores it.
enum class StreamPriority : unsigned char { normal, high, low };

PoolStats stream_pool_stats();            // current device, normal priority
PoolStats stream_pool_stats(int device);  // normal priority
PoolStats stream_pool_stats(int device, StreamPriority priority);
PoolStats event_pool_stats();             // current device
PoolStats event_pool_stats(int device);

// The most pooled streams each device creates per priority (default
// kDefaultStreamPoolLimit, or the environment variable QD_STREAM_POOL_LIMIT,
// read once at the first use of a pool). Past it, regions share streams that
// are already lent out: still correct, since blocks on one stream run in
// order, only less concurrent. A region gets distinct streams as long as it
// has no more blocks than the limit. Events are not limited: they carry no
// queue, and two holders of one event would wait on each other's records.
// set_stream_pool_limit applies to every device, takes effect for the next
// acquisition and destroys nothing (trim_pools() does); a limit of 0 throws
// qd::Error.
inline constexpr std::size_t kDefaultStreamPoolLimit = 32;
void set_stream_pool_limit(std::size_t limit);
std::size_t stream_pool_limit();

// Destroys the idle pooled streams and events of the current device (those in
// use are left alone). Call it before cudaDeviceReset/hipDeviceReset, which
// would otherwise leave the pool holding dead handles, or to give resources
// back after a burst. Returns the number of handles destroyed.
std::size_t trim_pools();

// Destroys every graph that graph-mode kernel calls have cached, and the
// captures of '#pragma qd host reuse' statements, on every device (the next
// call builds them again). Call it before destroying what a captured
// library call refers to: an NCCL communicator (ncclCommDestroy), a cuBLAS
// handle. Otherwise those graphs are destroyed at exit, after it, and NCCL
// aborts. Must not run while another thread is inside a kernel call; graphs
// still running on the device are fine.
void release_graphs() noexcept;

} // namespace qd

// Data regions and the present table (after StreamRef, which it takes).
#include "data.h"

#endif // QD_QD_H
