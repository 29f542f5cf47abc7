// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The non-template half of qd::Buffer.
#include "qd/qd.h"

#include "backend.h"

#include <string>

namespace qd {
namespace detail {
namespace {

void require_pointers(void* dst, const void* src, const char* operation) {
  if (!dst || !src)
    throw Error(std::string(operation) + " with a null pointer");
}

} // namespace

void* buffer_allocate(std::size_t bytes) {
  return backend::device_malloc(bytes);
}

void buffer_free(void* p) noexcept {
  if (p)
    backend::device_free(p);
}

void copy_host_to_device(void* dst, const void* src, std::size_t bytes,
                         StreamRef s) {
  if (bytes == 0)
    return;
  require_pointers(dst, src, "Buffer::copy_from_host");
  backend::memcpy_host_to_device_async(dst, src, bytes, s.native());
}

void copy_device_to_host(void* dst, const void* src, std::size_t bytes,
                         StreamRef s) {
  if (bytes == 0)
    return;
  require_pointers(dst, src, "Buffer::copy_to_host");
  backend::memcpy_device_to_host_async(dst, src, bytes, s.native());
}

void throw_buffer_too_large(std::size_t n, std::size_t elem_size) {
  throw Error("Buffer of " + std::to_string(n) + " elements of " +
              std::to_string(elem_size) + " bytes does not fit in size_t");
}

} // namespace detail
} // namespace qd
