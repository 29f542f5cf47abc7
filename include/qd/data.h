// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd runtime: data regions and the present table (OpenACC's 'data',
// 'enter/exit data' and 'update'); docs/runtime.md, "Data regions and the
// present table". Included by qd.h: code generated for '#pragma qd data',
// 'enter data', 'exit data' and 'update', and every host entry point of a
// kernel, calls what is declared here.
//
// The runtime keeps, per device, a table of the host ranges that have a
// device copy. A kernel call hands each pointer argument through
// present_or_device, so a host pointer into a present range reaches device
// code as the device address at the same offset.
#ifndef QD_DATA_H
#define QD_DATA_H

#include <atomic>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <vector>

namespace qd {

class StreamRef;

// A data clause of '#pragma qd data', 'enter data' or 'exit data'.
enum class DataClause : unsigned char {
  copyin,  // enter: allocate and copy to the device; exit: free
  copyout, // enter: allocate; exit: copy back and free
  copy,    // enter: allocate and copy in; exit: copy back and free
  create,  // enter: allocate; exit: free
  present, // enter: must be present already; exit: like create
  delete_, // exit only: free without copying back
};

// The address that device code, and libraries that take device pointers
// (NCCL, cuBLAS, CUDA-aware MPI), use for `p`: the device copy of a host
// pointer into a present range, at the same offset, or `p` itself when it is
// device, managed, pinned or registered memory; OpenACC's acc_deviceptr.
// A host pointer that is not present throws qd::Error. On the cpu target and
// in the serial build, `p`. For '#pragma qd host' statements, which receive
// the kernel's arguments as the caller passed them: `ncclSend(
// qd::device_ptr(u) + n, ...)`.
void* device_address(const void* p);
template <class T> T* device_ptr(T* p) {
  using Plain = std::remove_cv_t<T>;
  return static_cast<T*>(device_address(const_cast<const Plain*>(p)));
}

namespace detail {

// One item of a data clause: `bytes` bytes of host memory from `host`.
// `text` is the item as the user wrote it ("u[0:n]"), for messages.
struct DataItem {
  DataClause clause;
  const void* host;
  std::size_t bytes;
  const char* text;
};

// What a data construct does on entry and on exit, item by item (exit in
// reverse order); `file`/`line` locate the directive in messages. Both throw
// qd::Error, and a failing data_enter leaves every item as it found it.
void data_enter(const DataItem* items, std::size_t n, const char* file,
                unsigned line);
void data_exit(const DataItem* items, std::size_t n, const char* file,
               unsigned line);

// '#pragma qd data' on a compound statement: data_enter when constructed,
// data_exit (items in reverse order) when the statement is left on any path.
// Leaving it because of an exception copies back all the same; an error of
// that exit is then written to stderr instead of thrown, since a second
// exception would end the program.
class DataRegion {
public:
  DataRegion(std::initializer_list<DataItem> items, const char* file,
             unsigned line);
  ~DataRegion() noexcept(false);
  DataRegion(const DataRegion&) = delete;
  DataRegion& operator=(const DataRegion&) = delete;
  DataRegion(DataRegion&&) = delete;
  DataRegion& operator=(DataRegion&&) = delete;

private:
  // A copy: the initializer list's array dies with the constructor's
  // full-expression.
  std::vector<DataItem> items_;
  const char* file_;
  unsigned line_;
  int uncaught_; // std::uncaught_exceptions() at construction
};

// 'update host(...)' / 'update device(...)' of a present range: the copy is
// enqueued on `s` and the call returns (the host memory must stay valid
// until `s` reaches it). Throws qd::Error if the range is not present.
void update_host(const void* host, std::size_t bytes, StreamRef s,
                 const char* text, const char* file, unsigned line);
void update_device(const void* host, std::size_t bytes, StreamRef s,
                   const char* text, const char* file, unsigned line);
// The same outside kernels: ordered after all earlier work on the default
// stream, and complete when the call returns.
void update_host_sync(const void* host, std::size_t bytes, const char* text,
                      const char* file, unsigned line);
void update_device_sync(const void* host, std::size_t bytes, const char* text,
                        const char* file, unsigned line);

// The number of entries in the present tables of all devices. Zero in a
// program that never entered data (and always on the cpu backend), which is
// what lets present_or_device skip the table with one relaxed load.
extern std::atomic<std::size_t> present_entries;

// present_or_device's table lookup: the device address of `p` if it lies in
// a present range of the current device; else `p` if the device can access
// it (device, managed, pinned or registered memory); else qd::Error naming
// the kernel and the parameter.
void* present_or_device_lookup(const void* p, const char* kernel,
                               const char* param);

// What a host entry point passes to device code for pointer parameter
// `param` of `kernel`: `p` translated through the present table.
template <class T>
T* present_or_device(T* p, const char* kernel, const char* param) {
  if (p == nullptr || present_entries.load(std::memory_order_relaxed) == 0)
    return p;
  using Plain = std::remove_cv_t<T>;
  return static_cast<T*>(present_or_device_lookup(
      const_cast<const Plain*>(p), kernel, param));
}

// A value that the host stores in device memory for device code (a graph
// loop's slot): a data pointer goes through the present table, as a launch
// argument would; anything else is itself.
template <class T>
T present_value(T v, const char* kernel, const char* name) {
  if constexpr (std::is_pointer_v<T> &&
                !std::is_function_v<std::remove_pointer_t<T>>)
    return present_or_device(v, kernel, name);
  else
    return v;
}

// The device copy of namespace-scope array `name` ([host, host + bytes))
// that device code of `kernel` uses; qd::Error if it is not present. On the
// cpu backend, `host` itself.
void* present_global(const void* host, std::size_t bytes, const char* kernel,
                     const char* name);

} // namespace detail
} // namespace qd

#endif // QD_DATA_H
