// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host library's header, as mpi.h is: functions declared, not defined,
// and a handle macro that takes the address of the library's global.
#pragma once

struct comm_datatype_t {
    int size;
};
extern struct comm_datatype_t comm_double_type;
#define COMM_DOUBLE (&comm_double_type)

int comm_send(const void* buf, int count, struct comm_datatype_t* type, int dest);
int comm_barrier(void);
