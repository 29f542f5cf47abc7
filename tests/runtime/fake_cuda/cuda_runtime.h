// A stand-in for <cuda_runtime.h> that lets code generated for the CUDA target
// run on the fake device layer (runtime/fake_device.h) when compiled by the
// host compiler. Test-only.
//
// Host compilers do not know `kernel<<<grid, block, shmem, stream>>>(args)`;
// rewrite_launches.cmake turns each launch into
// `qd_fake_launch(&kernel, grid, block, shmem, stream)(args)`, which asks the
// fake driver to accept the launch (it rejects a grid of 0 blocks, an unknown
// or destroyed stream, a stream of another device, as CUDA does) and then
// runs the kernel on the calling thread, one call per (block, thread), with
// blockIdx/threadIdx/blockDim/gridDim set. Everything else in the generated
// file (the pools, the fork/join events, check_launch from qd/detail/cuda.h)
// is the real code.
#ifndef QD_TESTS_FAKE_CUDA_RUNTIME_H
#define QD_TESTS_FAKE_CUDA_RUNTIME_H

#include <fake_device.h>

#include <cstddef>

#define __global__
#define __host__
#define __device__
#define __launch_bounds__(...)

struct CUstream_st;
using cudaStream_t = CUstream_st*;

enum cudaError_t : int {
  cudaSuccess = qd::fake::kSuccess,
  cudaErrorInvalidConfiguration = qd::fake::kInvalidConfiguration,
  cudaErrorInvalidResourceHandle = qd::fake::kInvalidResourceHandle,
  cudaErrorLaunchFailure = qd::fake::kLaunchFailure,
};

inline cudaError_t cudaGetLastError() {
  return static_cast<cudaError_t>(qd::fake::get_last_error());
}
inline cudaError_t cudaPeekAtLastError() {
  return static_cast<cudaError_t>(qd::fake::peek_last_error());
}
inline const char* cudaGetErrorString(cudaError_t e) {
  return qd::fake::result_string(e);
}

struct qd_fake_dim3 {
  unsigned x = 1, y = 1, z = 1;
};
// Per thread, as each host thread runs its own launches.
inline thread_local qd_fake_dim3 blockIdx, threadIdx, blockDim, gridDim;

// Runs `kernel` over a grid on the calling thread, one call per (block,
// thread), with blockIdx/threadIdx/blockDim/gridDim set. Graph mode's
// runtime calls it through qd/detail/graph_call.h (QD_HOST_KERNELS) when a
// fake graph node runs.
#define QD_HOST_KERNELS 1
template <class Kernel>
auto qd_host_kernel_run(Kernel* kernel, unsigned grid, unsigned block) {
  return [=](const auto&... args) {
    const qd_fake_dim3 saved[4] = {blockIdx, threadIdx, blockDim, gridDim};
    gridDim.x = grid;
    blockDim.x = block;
    for (unsigned b = 0; b < grid; ++b)
      for (unsigned t = 0; t < block; ++t) {
        blockIdx.x = b;
        threadIdx.x = t;
        kernel(args...);
      }
    blockIdx = saved[0];
    threadIdx = saved[1];
    blockDim = saved[2];
    gridDim = saved[3];
  };
}

template <class Kernel>
auto qd_fake_launch(Kernel* kernel, unsigned grid, unsigned block,
                    std::size_t /*shared_bytes*/, cudaStream_t stream) {
  return [=](const auto&... args) {
    if (qd::fake::begin_launch(grid, block, stream) != qd::fake::kSuccess)
      return; // the error waits in the thread's last error, as in CUDA
    qd_host_kernel_run(kernel, grid, block)(args...);
  };
}

#endif // QD_TESTS_FAKE_CUDA_RUNTIME_H
