// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd::StreamRef, qd::Stream, qd::Event and the device-level calls.
#include "qd/qd.h"

#include "backend.h"

#include <utility>

namespace qd {
namespace {

// One per thread, as PyTorch keeps its current stream: two threads calling
// kernels at once each see their own statement's stream.
thread_local StreamRef current_stream_of_thread;

void* require_event(void* handle, const char* operation) {
  if (!handle)
    throw Error(std::string(operation) + " on a moved-from qd::Event");
  return handle;
}

} // namespace

// --- devices ---------------------------------------------------------------

int device_count() { return backend::device_count(); }
int current_device() { return backend::current_device(); }
void set_device(int device) { backend::set_device(device); }
void synchronize() { backend::device_synchronize(); }

// --- StreamRef -------------------------------------------------------------

// A null handle synchronizes the default stream on purpose: it *is* a stream
// (the one default-constructed StreamRefs and plain launches use), not
// "no stream".
void StreamRef::synchronize() const { backend::stream_synchronize(handle_); }

// --- the current stream of '#pragma qd host' code ---------------------------

StreamRef current_stream() noexcept { return current_stream_of_thread; }

detail::CurrentStreamScope::CurrentStreamScope(StreamRef s) noexcept
    : previous_(std::exchange(current_stream_of_thread, s)) {}

detail::CurrentStreamScope::~CurrentStreamScope() {
  current_stream_of_thread = previous_;
}

// --- Stream ----------------------------------------------------------------

Stream::Stream() : handle_(backend::stream_create_non_blocking()), owned_(true) {}

Stream::~Stream() {
  if (!owned_)
    return;
  // Destroying a stream does not wait for it; the owner's work must finish
  // before the owner is gone. A failure here (e.g. a sticky error from a
  // faulted kernel) cannot be reported from a destructor and must not leak
  // the stream, so it is ignored.
  try {
    backend::stream_synchronize(handle_);
  } catch (...) {
  }
  backend::stream_destroy(handle_);
}

Stream::Stream(Stream&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)),
      owned_(std::exchange(other.owned_, false)) {}

Stream& Stream::operator=(Stream&& other) noexcept {
  if (this != &other) {
    Stream doomed(std::move(*this));
    handle_ = std::exchange(other.handle_, nullptr);
    owned_ = std::exchange(other.owned_, false);
  }
  return *this;
}

void Stream::synchronize() const { backend::stream_synchronize(handle_); }

// --- Event -----------------------------------------------------------------

Event::Event() : handle_(backend::event_create(/*timing=*/true)) {}

Event::~Event() {
  if (handle_)
    backend::event_destroy(handle_);
}

Event::Event(Event&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)) {}

Event& Event::operator=(Event&& other) noexcept {
  if (this != &other) {
    if (handle_)
      backend::event_destroy(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
  }
  return *this;
}

void Event::record(StreamRef s) {
  backend::event_record(require_event(handle_, "record"), s.native());
}

void Event::wait(StreamRef s) const {
  backend::stream_wait_event(s.native(), require_event(handle_, "wait"));
}

void Event::synchronize() const {
  backend::event_synchronize(require_event(handle_, "synchronize"));
}

bool Event::ready() const {
  return backend::event_query(require_event(handle_, "ready"));
}

float Event::elapsed_ms(const Event& start, const Event& end) {
  return backend::event_elapsed_ms(require_event(start.handle_, "elapsed_ms"),
                                   require_event(end.handle_, "elapsed_ms"));
}

} // namespace qd
