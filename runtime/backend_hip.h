// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The HIP runtime API's names for backend_gpu.h, which implements the
// primitives listed in backend.h for CUDA and HIP.
#ifndef QD_RUNTIME_BACKEND_HIP_H
#define QD_RUNTIME_BACKEND_HIP_H

#include <hip/hip_runtime.h>

namespace qd {
namespace backend {

inline constexpr const char* kName = "hip";

// The names that are not "hip" plus a stem that CUDA shares.
using gpuPointerAttributes = hipPointerAttribute_t;
inline constexpr auto gpuDevAttrMultiProcessorCount =
    hipDeviceAttributeMultiprocessorCount;
inline constexpr const char* kMultiprocessorCountCall =
    "hipDeviceGetAttribute(hipDeviceAttributeMultiprocessorCount)";

} // namespace backend
} // namespace qd

// See backend_cuda.h.
#define QD_GPU(name) hip##name
#define QD_GPU_NAME(name) "hip" #name
#include "backend_gpu.h"
#undef QD_GPU
#undef QD_GPU_NAME

#endif // QD_RUNTIME_BACKEND_HIP_H
