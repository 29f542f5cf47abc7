// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two kernels defined by one macro: each kernel's definition is replaced by
// generated code, which would take the other one along.
#define TWO_FILLS                                                   \
    _Pragma("qd kernel") void fill_ones(float* p, int n) {          \
        for (int i = 0; i < n; ++i) p[i] = 1.0f;                    \
    }                                                               \
    _Pragma("qd kernel") void fill_twos(float* p, int n) {          \
        for (int i = 0; i < n; ++i) p[i] = 2.0f;                    \
    }

TWO_FILLS // expected-error {{kernel 'fill_ones' shares a macro expansion with code outside its definition; the translator replaces the whole definition, so a macro that defines a kernel must hold its directive and definition and nothing else}} expected-error {{kernel 'fill_twos' shares a macro expansion}}
