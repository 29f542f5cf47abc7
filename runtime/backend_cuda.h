// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CUDA runtime API's names for backend_gpu.h, which implements the
// primitives listed in backend.h for CUDA and HIP.
#ifndef QD_RUNTIME_BACKEND_CUDA_H
#define QD_RUNTIME_BACKEND_CUDA_H

#include <cuda_runtime.h>

namespace qd {
namespace backend {

inline constexpr const char* kName = "cuda";

// The names that are not "cuda" plus a stem that HIP shares.
using gpuPointerAttributes = cudaPointerAttributes;
inline constexpr auto gpuDevAttrMultiProcessorCount =
    cudaDevAttrMultiProcessorCount;
inline constexpr const char* kMultiprocessorCountCall =
    "cudaDeviceGetAttribute(cudaDevAttrMultiProcessorCount)";

} // namespace backend
} // namespace qd

// backend_gpu.h spells every other name through these: a function cannot be
// aliased (both runtimes overload some, as templates), and an error message
// names the vendor's call.
#define QD_GPU(name) cuda##name
#define QD_GPU_NAME(name) "cuda" #name
#include "backend_gpu.h"
#undef QD_GPU
#undef QD_GPU_NAME

#endif // QD_RUNTIME_BACKEND_CUDA_H
