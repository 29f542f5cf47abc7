// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Portability macros shared by every qd header.
//
// The same headers are compiled by nvcc, hipcc and a plain host compiler, so
// anything that must look different under each of them is spelled here once.
#ifndef QD_DETAIL_CONFIG_H
#define QD_DETAIL_CONFIG_H

// nvcc declares __device__ and the device intrinsics (atomicAdd, ...) in every
// CUDA translation unit; clang's HIP mode declares them only through the HIP
// runtime header, which any HIP compilation has.
#if defined(__HIPCC__) && !defined(__CUDACC__)
#include <hip/hip_runtime.h>
#endif

// Functions that generated device code calls (atomics, trip counts) must be
// callable from both sides under a GPU compiler, but a host compiler does not
// know the attributes at all.
#if defined(__CUDACC__) || defined(__HIPCC__)
#define QD_HOST_DEVICE __host__ __device__
#elif defined(__QD_TRANSLATE__)
// qd-translate parses as plain C++ (it defines __QD_TRANSLATE__); the
// annotation tells it that a function is device-capable already, wherever it
// is declared, so it neither marks it again nor rejects the call.
#define QD_HOST_DEVICE __attribute__((annotate("qd_host_device")))
#else
#define QD_HOST_DEVICE
#endif

// Defined only while compiling the device side of a GPU translation unit,
// where vendor intrinsics such as atomicAdd exist and host builtins do not.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define QD_DEVICE_PASS 1
#endif

// Unrolls the loop after it under a GPU compiler: a coarsened nest's loop
// over its rows, whose copies must become registers. A host compiler (the
// test-only fake device) would warn about the unknown pragma.
#if defined(__CUDACC__) || defined(__HIPCC__)
#define QD_UNROLL _Pragma("unroll")
#else
#define QD_UNROLL
#endif

// Keeps the cpu target's loop functions out of the entry point that calls
// them, so the compiler optimizes each on its own, as it does the serial
// program's kernel function. Inlined into the entry, GCC 12 allocated
// registers differently and spilled an i-k-j product's innermost bound
// (0.72 of the serial program's speed, bench/cpu_loops.cpp).
#if defined(__GNUC__) || defined(__clang__)
#define QD_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define QD_NOINLINE __declspec(noinline)
#else
#define QD_NOINLINE
#endif

#endif // QD_DETAIL_CONFIG_H
