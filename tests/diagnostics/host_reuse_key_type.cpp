// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'reuse' compares the values the statement names as bytes, to tell whether
// an earlier call's capture stands for this call's work: a value that is not
// trivially copyable cannot be compared that way.
#include <qd/qd.h>
#include <string>

// The user's library: enqueues a copy, labelled for a profiler.
void labelled_copy(float* dst, const float* src, int n, const char* label,
                   qd::StreamRef stream);
std::string run_label = "snapshot";

#pragma qd kernel graph
void snapshot(float* dst, const float* src, int n)
{
    for (int i = 0; i < n; ++i)
        dst[i] = 0.0f;
    #pragma qd host reuse
    labelled_copy(dst, src, n, run_label.c_str(), qd::current_stream()); // expected-error {{'reuse' tells a change by comparing the bytes of the values the statement names, and 'run_label' has type 'std::string' (aka 'basic_string<char>'), which is not trivially copyable; name what the statement needs in variables of their own (a pointer, a size), or drop 'reuse'}}
}
