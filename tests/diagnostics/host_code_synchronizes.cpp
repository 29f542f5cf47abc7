// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host code runs inside a call that returns without waiting; a
// synchronization there would make every call wait for the GPU.
#include <qd/qd.h>

// As the CUDA and HIP runtimes declare them.
int cudaDeviceSynchronize();
int cudaMemcpy(void* dst, const void* src, unsigned long bytes, int kind);
int cudaMemcpyAsync(void* dst, const void* src, unsigned long bytes, int kind, struct CUstream_st* stream);
int hipStreamSynchronize(struct ihipStream_t* stream);
int cudaFree(void* p);

#pragma qd kernel
void step(float* a, float* host_copy, float* scratch, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 0.5f;
    #pragma qd host
    cudaDeviceSynchronize(); // expected-error {{'cudaDeviceSynchronize' makes the host wait for the GPU; '#pragma qd host' code runs inside a call that never waits, in order with the kernel's other work: enqueue work on qd::current_stream() and let the caller wait after the call}}
    #pragma qd host
    {
        cudaMemcpy(host_copy, a, n * sizeof(float), 2); // expected-error {{'cudaMemcpy' makes the host wait for the GPU; '#pragma qd host' code runs inside a call that never waits, in order with the kernel's other work: use the asynchronous form on qd::current_stream() ('cudaMemcpyAsync')}}
    }
    #pragma qd host
    hipStreamSynchronize(qd::current_stream()); // expected-error {{'hipStreamSynchronize' makes the host wait for the GPU}}
    #pragma qd host
    qd::current_stream().synchronize(); // expected-error {{'qd::StreamRef::synchronize' makes the host wait for the GPU}}
    #pragma qd host
    if (n > 1)
        qd::synchronize(); // expected-error {{'qd::synchronize' makes the host wait for the GPU}}
    #pragma qd host
    cudaFree(scratch); // expected-error {{'cudaFree' makes the host wait for the GPU; '#pragma qd host' code runs inside a call that never waits, in order with the kernel's other work: use the asynchronous form on qd::current_stream() ('cudaFreeAsync')}}
}
