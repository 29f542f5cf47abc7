// Built (never run) when CUDA is available: proves that the header generated
// .cu code includes, the device helpers and a generated-style launch compile
// under nvcc.
#include <qd/detail/cuda.h>
#define QD_CHECK_GET_LAST_ERROR cudaGetLastError
#include "device_compile_check.h"
