// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd::Error and the throw helpers the backends and generated code call.
#include "qd/detail/launch_support.h"
#include "qd/qd.h"

#include "backend.h"

#include <string>

namespace qd {

struct Error::Details {
  std::string call;
  std::string driver_message;
  std::string kernel;
  std::string file;
  unsigned line = 0;
  bool launch = false;
};

namespace {

// Generated code always passes real strings; a null must still produce a
// readable message rather than a crash inside the error path.
const char* or_placeholder(const char* s, const char* placeholder) {
  return s && *s ? s : placeholder;
}

} // namespace

Error::Error(const std::string& message)
    : std::runtime_error("qd: " + message),
      details_(std::make_shared<const Details>()) {}

Error::Error(const std::string& what, std::shared_ptr<const Details> details)
    : std::runtime_error(what), details_(std::move(details)) {}

Error Error::api_failure(const char* call, const char* driver_message) {
  auto details = std::make_shared<Details>();
  details->call = or_placeholder(call, "<unknown call>");
  details->driver_message = or_placeholder(driver_message, "unknown error");
  std::string what =
      "qd: " + details->call + " failed: " + details->driver_message;
  return Error(what, std::move(details));
}

Error Error::launch_failure(const char* kernel, const char* file,
                            unsigned line, const char* driver_message) {
  auto details = std::make_shared<Details>();
  details->kernel = or_placeholder(kernel, "<unknown kernel>");
  details->file = or_placeholder(file, "<unknown file>");
  details->line = line;
  details->driver_message = or_placeholder(driver_message, "unknown error");
  details->launch = true;
  std::string what = "qd kernel '" + details->kernel + "' (" + details->file +
                     ":" + std::to_string(line) +
                     "): launch failed: " + details->driver_message;
  return Error(what, std::move(details));
}

Error Error::at(const char* file, unsigned line, const std::string& message) {
  auto details = std::make_shared<Details>();
  details->file = or_placeholder(file, "<unknown file>");
  details->line = line;
  std::string what =
      details->file + ":" + std::to_string(line) + ": " + message;
  return Error(what, std::move(details));
}

const std::string& Error::call() const noexcept { return details_->call; }
const std::string& Error::driver_message() const noexcept {
  return details_->driver_message;
}
bool Error::is_launch_failure() const noexcept { return details_->launch; }
const std::string& Error::kernel() const noexcept { return details_->kernel; }
const std::string& Error::file() const noexcept { return details_->file; }
unsigned Error::line() const noexcept { return details_->line; }

namespace detail {

void throw_launch_error(const char* kernel, const char* file, unsigned line,
                        const char* driver_message) {
  throw Error::launch_failure(kernel, file, line, driver_message);
}

void throw_loop_step_error(const char* kernel, const char* file,
                           unsigned line) {
  throw Error("qd kernel '" + std::string(kernel) + "' (" + file + ":" +
              std::to_string(line) +
              "): the step of a parallel loop is not positive, so the "
              "serial loop would never end");
}

} // namespace detail

namespace backend {

void api_failure(const char* call, const char* driver_message) {
  throw Error::api_failure(call, driver_message);
}

} // namespace backend
} // namespace qd
