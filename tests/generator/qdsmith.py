#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""qdsmith: writes random annotated C++ programs that are valid qd input by
construction, in the manner of Csmith and YARPGen for C compilers.

Each program is a list of independent *units*. A unit is one or two kernels
(with the helpers, structs and templates they use), the buffers they work
on, and the calls main() makes: several calls with changing arguments, sizes
of 0, 1 and odd counts. After every unit's calls, main() prints a checksum of
each output buffer, one `name value` line each. The serial build (pragmas
ignored) is the reference; every translation (cpu, cpu with OpenMP, CUDA and
HIP in stream and graph mode) must print the same lines, bit for bit.

Bit-exact by construction, whatever order a GPU combines in: float values are
small multiples of 1/8 ('dyadic'), and every operation keeps them exact
(sums of bounded length, products by powers of two), so reassociation and
contraction into FMA cannot change a bit. Integers stay far from overflow;
products reduce over unsigned values, whose wrap-around is exact in any order.

The language covered: host scalars, parallel loops of every accepted form
(<, <=, ++i, i++, i += 1, int/long/unsigned/size_t indices), collapse(2) and
(3), reductions of every operator over float, double, int and unsigned,
results read by later device code, vector loops with reductions, regions of
stream_parallel blocks, serial tasks, helper functions, function templates,
template kernels, lambdas, struct parameters by value and by const&, atomics,
types declared in a kernel, user names that CUDA also uses (a parameter
named gridDim, a host scalar named blockDim), graph mode with repeated calls
and changing arguments, 'loop seq' loops: device-condition loops (while,
do/while, check_every, a counter, swapped buffers, a host 'if'/'else' on the
counter), time loops (a host clock, C-style declarations), and either kind in
the body of another 'loop seq'; loops kept apart only by their step and trip
count (steps of 2 and 3, counting down by 2, halo copies whose distance is the
trip count, a vector loop stepping by 2); standard algorithms with comparators
in device code (std::min, std::max, std::clamp, given a function object or a
lambda). Kinds added later (LATER_KINDS) draw from a generator of their own
after a program's other units, so that a seed keeps giving the units it gave
before them. Data units (issue 43), last and from a generator of their own
again, call a unit's kernels on host arrays made present by data regions,
'enter data'/'exit data' and 'update' (unit_data says how). A stencil unit
(issue 45), after those and from a generator of its own, is large enough that
collapse nests coarsen (unit_stencil says how).

Usage:
  qdsmith.py --seed N [--units K] [--only I,J,...] [-o file.cpp]
--only keeps the listed units (shrink.py uses it to reduce a failing program).
"""
import argparse
import random
import sys

FLOAT_TYPES = ['float', 'double']
INDEX_FORMS = [
    ('int', '{v} < {n}', '++{v}'),
    ('int', '{v} < {n}', '{v}++'),
    ('int', '{v} <= {n} - 1', '{v} += 1'),
    ('long', '{v} < {n}', '++{v}'),
    ('unsigned', '{v} < static_cast<unsigned>({n})', '++{v}'),
    ('std::size_t', '{v} < static_cast<std::size_t>({n})', '{v}++'),
]


class Unit:
    def __init__(self, index):
        self.index = index
        self.top = []      # helpers, structs, kernels (namespace scope)
        self.main = []     # statements of main()
        self.buffers = []  # (name, type, size expression, init kind)
        self.outputs = []  # buffer names to print
        self.driver = None # a data unit's host function, which run() calls

    def buffer(self, name, ctype, size, init):
        self.buffers.append((name, ctype, size, init))


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)

    def pick(self, xs):
        return self.r.choice(xs)

    # ---- expressions --------------------------------------------------
    def fexpr(self, atoms, depth=0):
        """A dyadic float expression over `atoms` (exact in float)."""
        if depth >= 2 or self.r.random() < 0.3:
            a = self.pick(atoms)
            return a if self.r.random() < 0.8 else self.pick(['0.5f', '1.0f', '-2.0f', '0.25f'])
        k = self.r.randrange(7)
        a = self.fexpr(atoms, depth + 1)
        b = self.fexpr(atoms, depth + 1)
        if k == 0:
            return f'({a} + {b})'
        if k == 1:
            return f'({a} - {b})'
        if k == 2:
            return f'({a} * {self.pick(["0.5f", "2.0f", "-1.0f", "0.25f"])})'
        if k == 3:
            return f'qd::min({a}, {b})'
        if k == 4:
            return f'qd::max({a}, {b})'
        if k == 5:
            return f'({a} > {b} ? {a} : {b} * 0.5f)'
        return f'{self.pick(["halve", "twice_plus"])}({a}, {b})'

    def iexpr(self, atoms, depth=0):
        if depth >= 2 or self.r.random() < 0.3:
            return self.pick(atoms) if self.r.random() < 0.8 else str(self.r.randrange(-5, 6))
        k = self.r.randrange(5)
        a = self.iexpr(atoms, depth + 1)
        b = self.iexpr(atoms, depth + 1)
        if k == 0:
            return f'({a} + {b})'
        if k == 1:
            return f'({a} - {b})'
        if k == 2:
            return f'(({a}) & 7)'
        if k == 3:
            return f'({a} ^ {b})'
        return f'({a} * {self.r.randrange(-3, 4)})'

    def loop_header(self, var, n, begin='0'):
        t, cond, step = self.pick(INDEX_FORMS)
        if t in ('unsigned', 'std::size_t'):
            begin = f'static_cast<{t}>({begin})'
        return f'for ({t} {var} = {begin}; {cond.format(v=var, n=n)}; {step.format(v=var)})'

    # ---- units ----------------------------------------------------------
    def unit_elementwise(self, u):
        k = u.index
        graph = self.r.random() < 0.4
        ps = f'P{k}'
        u.top.append(f'struct {ps} {{ float scale; int offset; }};')
        # User names that CUDA and HIP also use for built-ins are ordinary C++.
        pn = self.pick(['p', 'gridDim'])
        hn = self.pick(['half', 'blockDim'])
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void elementwise{k}(const float* a, const int* b, float* out, int* iout, int n, {ps} {pn}, const {ps}& q)',
                 '{']
        if self.r.random() < 0.5:
            # Types declared in the kernel, used by later loops.
            lines.append('    using real = float;')
            lines.append('    typedef int count_t;')
            ftype, itype = 'real', 'count_t'
        else:
            ftype, itype = 'float', 'int'
        lines.append(f'    [[maybe_unused]] const {itype} {hn} = n / 2;')
        lines.append(f'    [[maybe_unused]] const {ftype} s = {pn}.scale * 0.5f + q.scale;')
        loops = self.r.randrange(1, 4)
        for l in range(loops):
            atoms_f = ['a[i]', 's', f'{pn}.scale', f'static_cast<float>(b[i] & 7)']
            atoms_i = ['b[i]', f'{pn}.offset', 'q.offset', hn]
            form = self.r.randrange(4)
            lines.append('    ' + self.loop_header('i', 'n') + ' {')
            if form == 0:
                lines.append(f'        out[i] = {self.fexpr(atoms_f)};')
            elif form == 1:
                lines.append(f'        {ftype} t = {self.fexpr(atoms_f)};')
                lines.append('        auto bump = [&](float v) { return v + t * 0.5f; };')
                lines.append(f'        out[i] = bump({self.fexpr(atoms_f)});')
            elif form == 2:
                lines.append(f'        iout[i] = {self.iexpr(atoms_i)};')
            else:
                lines.append(f'        if (b[i] % 3 == 0) continue;')
                lines.append(f'        out[i] = twice_t(out[i] * 0.5f) + {self.fexpr(atoms_f)};')
                lines.append(f'        iout[i] += twice_t(b[i] & 3);')
            lines.append('    }')
        if self.r.random() < 0.6:
            lines.append('    if (n > 0) {')
            lines.append('        out[0] = out[0] + 1.0f;')
            lines.append('        if (a[0] > 0.0f) iout[0] = iout[0] + 1;')
            lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 7, 257, 1000, 3001])
        u.buffer(f'a{k}', 'float', size, 'dyadic')
        u.buffer(f'b{k}', 'int', size, 'small')
        u.buffer(f'out{k}', 'float', size, 'zero')
        u.buffer(f'iout{k}', 'int', size, 'zero')
        calls = self.r.randrange(1, 4)
        for c in range(calls):
            n = self.pick([0, 1, size, size - 1 if size > 1 else size, size // 2])
            scale = self.pick(['0.5f', '1.0f', '2.0f', '-0.25f'])
            u.main.append(f'    elementwise{k}(a{k}.data(), b{k}.data(), out{k}.data(), iout{k}.data(), {n}, '
                          f'{ps}{{{scale}, {c}}}, {ps}{{0.125f, {c + 1}}});')
        u.outputs += [f'out{k}', f'iout{k}']

    def unit_reduction(self, u):
        k = u.index
        graph = self.r.random() < 0.4
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void reduce{k}(const float* a, const int* b, const unsigned* c, float* out, '
                 f'double* dout, int* iout, unsigned* uout, int n, int m)',
                 '{']
        ops = []
        # float/double sums, min, max; int + min max & | ^ && ||; unsigned *.
        lines.append('    float fs = 0.5f;')
        lines.append('    double ds = 0.0;')
        lines.append('    float fmn = 100.0f, fmx = -100.0f;')
        lines.append('    int is = 3, imn = 1000, imx = -1000, iand = -1, ior = 0, ixor = 0;')
        lines.append('    int all = 1, any = 0;')
        lines.append('    unsigned up = 1u;')
        fclause = ['+: fs, ds'] if self.r.random() < 0.5 else ['+: fs', '+: ds']
        fclause += ['min: fmn', 'max: fmx']
        lines.append(f'    #pragma qd loop {" ".join("reduction(" + c + ")" for c in fclause)}')
        lines.append('    ' + self.loop_header('i', 'n') + ' {')
        lines.append(f'        fs += {self.pick(["a[i]", "a[i] * 2.0f", "(a[i] + a[i])", "a[i] * 0.5f", "halve(a[i], 1.0f)"])};')
        lines.append('        ds = ds + static_cast<double>(a[i]) * 0.5;')
        lines.append('        fmn = qd::min(fmn, a[i]);')
        lines.append('        fmx = std::max(fmx, a[i] * 2.0f);')
        lines.append('    }')
        ic = ['+: is', 'min: imn', 'max: imx', '&: iand', '|: ior', '^: ixor', '&&: all', '||: any']
        self.r.shuffle(ic)
        lines.append(f'    #pragma qd loop {" ".join("reduction(" + c + ")" for c in ic)}')
        lines.append('    ' + self.loop_header('i', 'n') + ' {')
        lines.append('        is += b[i];')
        lines.append('        imn = std::min(imn, b[i] * 3);')
        lines.append('        imx = qd::max(imx, b[i] - 1);')
        lines.append('        iand &= b[i] | 16;')
        lines.append('        ior |= b[i] & 12;')
        lines.append('        ixor ^= b[i];')
        lines.append('        all = all && (b[i] > -100);')
        lines.append('        any = any || (b[i] == 2);')
        lines.append('    }')
        lines.append('    #pragma qd loop reduction(*: up)')
        lines.append('    ' + self.loop_header('j', 'm') + ' {')
        lines.append('        up *= c[j];')
        lines.append('    }')
        # A later loop reads a result on the device.
        if self.r.random() < 0.7:
            lines.append('    ' + self.loop_header('i', 'n') + ' {')
            lines.append('        out[i] = a[i] + fs * 0.5f;')
            lines.append('    }')
        lines.append('    out[n] = fs; out[n + 1] = fmn; out[n + 2] = fmx;')
        lines.append('    dout[0] = ds;')
        lines.append('    iout[0] = is; iout[1] = imn; iout[2] = imx; iout[3] = iand; '
                     'iout[4] = ior; iout[5] = ixor; iout[6] = all; iout[7] = any;')
        lines.append('    uout[0] = up;')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 64, 1000, 2000])
        u.buffer(f'ra{k}', 'float', size, 'dyadic')
        u.buffer(f'rb{k}', 'int', size, 'small')
        u.buffer(f'rc{k}', 'unsigned', 64, 'odd')
        u.buffer(f'rout{k}', 'float', size + 3, 'zero')
        u.buffer(f'rdout{k}', 'double', 1, 'zero')
        u.buffer(f'riout{k}', 'int', 8, 'zero')
        u.buffer(f'ruout{k}', 'unsigned', 1, 'zero')
        for c in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size // 3])
            m = self.pick([0, 1, 17, 64])
            u.main.append(f'    reduce{k}(ra{k}.data(), rb{k}.data(), rc{k}.data(), rout{k}.data(), '
                          f'rdout{k}.data(), riout{k}.data(), ruout{k}.data(), {n}, {m});')
        u.outputs += [f'rout{k}', f'rdout{k}', f'riout{k}', f'ruout{k}']

    def unit_collapse(self, u):
        k = u.index
        depth = self.pick([2, 3])
        lines = [f'#pragma qd kernel', f'void grid{k}(const float* a, float* out, int nx, int ny, int nz)', '{']
        lines.append(f'    #pragma qd loop collapse({depth})')
        lines.append('    ' + self.loop_header('x', 'nx') + '')
        lines.append('        ' + self.loop_header('y', 'ny') + '')
        if depth == 3:
            lines.append('            ' + self.loop_header('z', 'nz') + ' {')
            lines.append('                const long at = (static_cast<long>(x) * ny + static_cast<long>(y)) * nz + static_cast<long>(z);')
            lines.append(f'                out[at] = {self.fexpr(["a[at]", "static_cast<float>(x & 3)", "static_cast<float>(z & 1)"])};')
            lines.append('            }')
        else:
            lines.append('        {')
            lines.append('            const long at = static_cast<long>(x) * ny + static_cast<long>(y);')
            lines.append(f'            out[at] = {self.fexpr(["a[at]", "static_cast<float>(y & 3)"])};')
            lines.append('        }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        nx, ny, nz = self.pick([3, 17, 40]), self.pick([1, 9, 33]), self.pick([1, 5])
        size = nx * ny * nz
        u.buffer(f'ga{k}', 'float', size, 'dyadic')
        u.buffer(f'gout{k}', 'float', size, 'zero')
        dims = [(nx, ny, nz), (0, ny, nz), (nx, 0, nz), (nx // 2, ny, nz)]
        for c in range(self.r.randrange(1, 3)):
            d = self.pick(dims)
            if depth == 2:
                d = (d[0], d[1] * nz, 1)
            u.main.append(f'    grid{k}(ga{k}.data(), gout{k}.data(), {d[0]}, {d[1]}, {d[2]});')
        u.outputs.append(f'gout{k}')

    def unit_vector(self, u):
        k = u.index
        graph = self.r.random() < 0.3
        length = self.pick(['', ' vector_length(8)', ' vector_length(64)'])
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void rows{k}(const float* m, const float* x, float* y, int* seen, int rows, int cols)', '{']
        lines.append('    for (int r = 0; r < rows; ++r) {')
        lines.append('        float acc = 0.0f;')
        lines.append('        int arr[2] = {r & 3, 1};')
        if self.r.random() < 0.5:
            lines.append('        seen[r] += 1;')
        lines.append(f'        #pragma qd loop vector{length} reduction(+: acc)')
        lines.append('        for (int j = 0; j < cols; ++j)')
        lines.append(f'            acc += {self.fexpr(["m[r * cols + j]", "x[j]"])} * static_cast<float>(arr[1]);')
        lines.append(f'        y[r] = acc * 0.5f + static_cast<float>(arr[0]);')
        lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        rows, cols = self.pick([1, 33, 200]), self.pick([1, 31, 96])
        u.buffer(f'vm{k}', 'float', rows * cols, 'dyadic')
        u.buffer(f'vx{k}', 'float', cols, 'dyadic')
        u.buffer(f'vy{k}', 'float', rows, 'zero')
        u.buffer(f'vseen{k}', 'int', rows, 'zero')
        for c in range(self.r.randrange(1, 3)):
            r = self.pick([rows, 0, rows // 2])
            u.main.append(f'    rows{k}(vm{k}.data(), vx{k}.data(), vy{k}.data(), vseen{k}.data(), {r}, {cols});')
        u.outputs += [f'vy{k}', f'vseen{k}']

    def unit_region(self, u):
        k = u.index
        graph = self.r.random() < 0.4
        blocks = self.r.randrange(2, 4)
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void region{k}(const float* a, float* o0, float* o1, float* o2, int* c0, int* c1, int* c2, int n)', '{']
        lines.append('    [[maybe_unused]] const int m = n - n / 4;')
        if self.r.random() < 0.5:
            lines.append('    ' + self.loop_header('i', 'n') + ' o0[i] = a[i];')
        for b in range(blocks):
            lines.append('    #pragma qd stream_parallel')
            lines.append('    {')
            kind = self.r.randrange(3)
            if kind == 0:
                lines.append('        ' + self.loop_header('i', 'm') + f' o{b}[i] = {self.fexpr(["a[i]", "o" + str(b) + "[i]"])};')
            elif kind == 1:
                lines.append('        float t = 0.0f;')
                lines.append('        #pragma qd loop reduction(+: t)')
                lines.append('        ' + self.loop_header('i', 'n') + ' t += a[i] * 0.5f;')
                lines.append(f'        if (n > 0) o{b}[0] = t;')
            else:
                lines.append('        ' + self.loop_header('i', 'n') + ' {')
                lines.append(f'            if (a[i] > 0.0f) qd::atomic_add(&c{b}[0], 1);')
                lines.append(f'            o{b}[i] = twice_t(a[i]);')
                lines.append('        }')
            lines.append('    }')
        if self.r.random() < 0.5:
            lines.append('    if (n > 1) o0[1] = o1[0] + o2[0];')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 100, 2049])
        u.buffer(f'ga{k}', 'float', size, 'dyadic')
        for b in range(3):
            u.buffer(f'go{b}_{k}', 'float', size, 'zero')
        for b in range(3):
            u.buffer(f'gc{b}_{k}', 'int', 1, 'zero')
        for c in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size - 1 if size > 1 else 1])
            u.main.append(f'    region{k}(ga{k}.data(), go0_{k}.data(), go1_{k}.data(), go2_{k}.data(), gc0_{k}.data(), gc1_{k}.data(), gc2_{k}.data(), {n});')
        u.outputs += [f'go0_{k}', f'go1_{k}', f'go2_{k}', f'gc0_{k}', f'gc1_{k}', f'gc2_{k}']

    def unit_template(self, u):
        k = u.index
        t = self.pick(FLOAT_TYPES)
        lines = ['#pragma qd kernel', 'template <typename T>',
                 f'void axpy{k}(T* y, const T* x, T alpha, int n)', '{',
                 '    ' + self.loop_header('i', 'n') + ' {',
                 '        y[i] = twice_t(alpha) * x[i] + y[i];',
                 '    }', '}']
        u.top.append('\n'.join(lines))
        size = self.pick([5, 999])
        u.buffer(f'tx{k}', t, size, 'dyadic')
        u.buffer(f'ty{k}', t, size, 'dyadic')
        for c in range(self.r.randrange(1, 3)):
            n = self.pick([0, size, size // 2])
            alpha = self.pick(['0.5', '1.0', '-2.0'])
            u.main.append(f'    axpy{k}<{t}>(ty{k}.data(), tx{k}.data(), static_cast<{t}>({alpha}), {n});')
        u.outputs.append(f'ty{k}')

    def unit_solver(self, u):
        """A device-condition loop: a max-reduction resets at the top of the
        body, a counter and two swapped buffers are host statements, and a
        host 'if' on the counter (an IF node in graph mode) may have an
        'else'."""
        k = u.index
        graph = self.r.random() < 0.5
        do_loop = self.r.random() < 0.3
        check = self.pick(['', '', ' check_every(3)'])
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void solve{k}(float* u, float* v, float* snap, int* count, int n, float tol, int cap, int every)',
                 '{',
                 '    float top = 1e30f;',
                 '    int it = 0;',
                 f'    #pragma qd loop seq{check}']
        lines.append('    do {' if do_loop else '    while (top > tol && it < cap) {')
        lines.append('        top = 0.0f;')
        if self.r.random() < 0.3:
            lines.append('        ++it;')
            counted = True
        else:
            counted = False
        lines.append('        #pragma qd loop reduction(max: top)')
        lines.append('        ' + self.loop_header('i', 'n') + ' {')
        nb = 'u[(i + 1) % n]'
        lines.append(f'            v[i] = {self.fexpr(["u[i] * 0.5f", nb + " * 0.25f", "u[i]"])} * 0.5f;')
        lines.append('            top = qd::max(top, v[i] >= 0.0f ? v[i] : -v[i]);')
        lines.append('        }')
        if self.r.random() < 0.7:
            lines.append('        if (it % every == 0) {')
            lines.append('            ' + self.loop_header('i', 'n') + ' snap[i] += v[i];')
            if self.r.random() < 0.5:
                lines.append('            snap[n] += 1.0f;')
            if self.r.random() < 0.5:
                lines.append('        } else {')
                lines.append('            snap[n + 1] += 2.0f;')
            lines.append('        }')
        lines.append('        float* t = u; u = v; v = t;')
        if not counted:
            lines.append('        ++it;')
        lines.append('    } while (top > tol && it < cap);' if do_loop else '    }')
        lines.append('    count[0] = it;')
        lines.append('    if (n > 0) count[1] = static_cast<int>(qd::min(qd::max(u[0], -1000.0f), 1000.0f) * 1024.0f);')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 9, 300])
        u.buffer(f'su{k}', 'float', size, 'dyadic')
        u.buffer(f'sv{k}', 'float', size, 'zero')
        u.buffer(f'ss{k}', 'float', size + 2, 'zero')
        u.buffer(f'sc{k}', 'int', 2, 'zero')
        for c in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size // 2])
            tol = self.pick(['0.0f', '0.125f', '0.001f', '1e30f'])
            cap = self.pick([0, 1, 7, 40])
            every = self.pick([1, 2, 5])
            u.main.append(f'    solve{k}(su{k}.data(), sv{k}.data(), ss{k}.data(), sc{k}.data(), {n}, {tol}, {cap}, {every});')
        u.outputs += [f'su{k}', f'sv{k}', f'ss{k}', f'sc{k}']

    def unit_time_loop(self, u):
        """A host-value 'loop seq' (a time loop of the caller's step count):
        a host clock, swapped buffers, host statements first or last."""
        k = u.index
        graph = self.r.random() < 0.5
        c_style = self.r.random() < 0.4
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void march{k}(float* u, float* v, float* hist, int n, int steps, float dt)',
                 '{',
                 '    float t = 0.0f;']
        if c_style:
            lines.append('    int s;')
            lines.append('    float* tmp;')
            header = 'for (s = 0; s < steps; s++)'
            swap = 'tmp = u; u = v; v = tmp;'
        else:
            header = 'for (int s = 0; s < steps; ++s)'
            swap = 'float* tmp = u; u = v; v = tmp;'
        lines.append('    #pragma qd loop seq')
        lines.append(f'    {header} {{')
        clock_first = self.r.random() < 0.5
        if clock_first:
            lines.append('        t += dt;')
        lines.append('        ' + self.loop_header('i', 'n') + ' {')
        lines.append(f'            v[i] = {self.fexpr(["u[i] * 0.5f", "t", "u[i]"])} * 0.5f;')
        lines.append('        }')
        if self.r.random() < 0.5:
            lines.append('        if (n > 0) hist[s % 4] += t;')
        if not clock_first:
            lines.append('        t += dt;')
        lines.append(f'        {swap}')
        lines.append('    }')
        lines.append('    if (n > 0) hist[4] = t;')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 33, 500])
        u.buffer(f'mu{k}', 'float', size, 'dyadic')
        u.buffer(f'mv{k}', 'float', size, 'zero')
        u.buffer(f'mh{k}', 'float', 5, 'zero')
        for c in range(self.r.randrange(1, 4)):
            n = self.pick([1, size, size // 2])
            steps = self.pick([0, 1, 3, 17, 30])
            dt = self.pick(['0.125f', '0.5f', '1.0f'])
            u.main.append(f'    march{k}(mu{k}.data(), mv{k}.data(), mh{k}.data(), {n}, {steps}, {dt});')
        u.outputs += [f'mu{k}', f'mv{k}', f'mh{k}']

    def unit_nested(self, u):
        """A 'loop seq' in the body of another: a time loop or a convergence
        loop that swaps buffers, repeated a fixed or a given number of
        times, with device code after it reading what it swapped."""
        k = u.index
        graph = self.r.random() < 0.6
        converge = self.r.random() < 0.5
        reps = self.pick(['2', '3', 'reps'])
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void nest{k}(float* u, float* v, float* acc, int n, int reps, int steps, float tol)',
                 '{',
                 '    #pragma qd loop seq',
                 f'    for (int rep = 0; rep < {reps}; ++rep) {{']
        if converge:
            lines.append('        float top = 1e30f;')
            lines.append('        int it = 0;')
            lines.append('        #pragma qd loop seq')
            lines.append('        while (top > tol && it < steps) {')
            lines.append('            top = 0.0f;')
            lines.append('            #pragma qd loop reduction(max: top)')
        else:
            lines.append('        #pragma qd loop seq')
            lines.append('        for (int s = 0; s < steps; ++s) {')
        lines.append('            ' + self.loop_header('i', 'n') + ' {')
        atoms = ['u[i] * 0.5f', 'u[(i + 1) % n] * 0.25f', 'static_cast<float>(rep) * 0.25f']
        lines.append(f'                v[i] = {self.fexpr(atoms)} * 0.5f;')
        if converge:
            lines.append('                top = qd::max(top, v[i] >= 0.0f ? v[i] : -v[i]);')
        lines.append('            }')
        lines.append('            float* t = u; u = v; v = t;')
        if converge:
            lines.append('            ++it;')
        lines.append('        }')
        if self.r.random() < 0.7:
            lines.append('        ' + self.loop_header('i', 'n') + ' acc[i] += u[i];')
        if converge:
            lines.append('        acc[n] += static_cast<float>(it);')
        lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 17, 200])
        u.buffer(f'nu{k}', 'float', size, 'dyadic')
        u.buffer(f'nv{k}', 'float', size, 'zero')
        u.buffer(f'na{k}', 'float', size + 1, 'zero')
        for c in range(self.r.randrange(1, 3)):
            n = self.pick([1, size])
            r = self.pick([0, 1, 3])
            steps = self.pick([0, 1, 3, 17, 20])
            tol = self.pick(['0.0f', '0.125f', '1e30f'])
            u.main.append(f'    nest{k}(nu{k}.data(), nv{k}.data(), na{k}.data(), {n}, {r}, {steps}, {tol});')
        u.outputs += [f'nu{k}', f'nv{k}', f'na{k}']

    def unit_stepped(self, u):
        """Loops that read shifted elements of the array they write, kept
        apart only by their step and trip count (SPEC section 1: a
        dependence is proven within the iteration space): 'x[i + 1] = x[i]'
        stepping by 2, a step of 3, counting down by 2, halo copies whose
        distance is the trip count (a constant or a parameter), a shifted
        range as long as its shift, and a vector loop stepping by 2."""
        k = u.index
        graph = self.r.random() < 0.3
        halo = self.pick([1, 2, 3])
        itype = self.pick(['int', 'long'])
        c_style = self.r.random() < 0.5
        u.top.append(f'constexpr int kHalo{k} = {halo};')
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void stepped{k}(float* q, float* x, float* y, float* rows, int nx, int n, int h, int nrows)',
                 '{']
        if c_style:
            lines.append(f'    {itype} i;')

        def header(begin, cond, step):
            if c_style:
                return f'for (i = {begin}; {cond}; {step})'
            return f'for ({itype} i = {begin}; {cond}; {step})'

        forms = ['halo', 'halo_given', 'pairs', 'triples', 'down', 'shift', 'vector']
        self.r.shuffle(forms)
        for form in forms[:self.r.randrange(2, len(forms) + 1)]:
            if form == 'halo':
                # Both halos of a periodic row at once: kHalo apart over
                # kHalo iterations.
                lines.append('    ' + header('0', f'i < kHalo{k}', self.pick(['i++', '++i'])) + ' {')
                lines.append('        q[i] = q[nx + i];')
                lines.append(f'        q[nx + kHalo{k} + i] = q[kHalo{k} + i];')
                lines.append('    }')
            elif form == 'halo_given':
                lines.append('    ' + header('0', 'i < h', '++i') + ' {')
                lines.append('        q[i] = q[nx + i] * 0.5f;')
                lines.append('        q[nx + h + i] = q[h + i];')
                lines.append('    }')
            elif form == 'pairs':
                lines.append('    ' + header('0', 'i < n - 1', 'i += 2'))
                lines.append(f'        x[i + 1] = {self.fexpr(["x[i]", "x[i + 1]"])};')
            elif form == 'triples':
                lines.append('    ' + header('0', 'i < n - 2', self.pick(['i += 3', 'i = i + 3'])) + ' {')
                lines.append(f'        x[i + 1] = {self.fexpr(["x[i]", "x[i + 2]"])};')
                lines.append('        x[i + 2] = x[i] * 0.5f + x[i + 1] * 0.25f;')
                lines.append('    }')
            elif form == 'down':
                lines.append('    ' + header('n - 1', 'i >= 1', 'i -= 2'))
                lines.append(f'        y[i - 1] = {self.fexpr(["y[i]", "y[i - 1]"])};')
            elif form == 'shift':
                # The values kHalo .. 2 * kHalo - 1, moved kHalo down.
                lines.append('    ' + header(f'kHalo{k}', f'i < 2 * kHalo{k}', '++i'))
                lines.append(f'        y[i - kHalo{k}] = y[i] * 2.0f;')
            else:
                lines.append('    for (int r = 0; r < nrows; ++r) {')
                lines.append('        #pragma qd loop vector')
                lines.append('        for (int j = 0; j < 8; j += 2)')
                lines.append('            rows[r * 8 + j + 1] = rows[r * 8 + j] * 0.5f + rows[r * 8 + j + 1];')
                lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        size = self.pick([1, 6, 97, 1000])
        nx_max = self.pick([2 * halo, 40])
        u.buffer(f'hq{k}', 'float', nx_max + 2 * halo, 'dyadic')
        u.buffer(f'hx{k}', 'float', size, 'dyadic')
        u.buffer(f'hy{k}', 'float', max(size, 2 * halo), 'dyadic')
        u.buffer(f'hr{k}', 'float', 8 * 5, 'dyadic')
        for c in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, 2, size, size - 1 if size > 1 else size])
            nx = self.pick([2 * halo, nx_max])
            h = self.r.randrange(0, halo + 1)
            nrows = self.pick([0, 1, 5])
            u.main.append(f'    stepped{k}(hq{k}.data(), hx{k}.data(), hy{k}.data(), hr{k}.data(), {nx}, {n}, {h}, {nrows});')
        u.outputs += [f'hq{k}', f'hx{k}', f'hy{k}', f'hr{k}']

    def unit_comparators(self, u):
        """Standard algorithms with a comparator in device code (issue 42):
        std::min, std::max (of two values and of an initializer list) and
        std::clamp, given a function object of namespace scope (a temporary,
        a local of the body, or a template's specialization) or a lambda
        written in the body. The comparator runs on the device: a call that
        nvcc compiles with a warning, or that returns another value than
        the serial build, is a finding."""
        k = u.index
        graph = self.r.random() < 0.4
        template = self.r.random() < 0.3
        by_abs = f'ByAbs{k}'
        if template:
            u.top.append(f'template <class T> struct {by_abs} {{\n'
                         '    bool operator()(T a, T b) const { return (a < T(0) ? -a : a) < (b < T(0) ? -b : b); }\n'
                         '};')
            t, fn = 'T', f'{by_abs}<T>'
            head = ['#pragma qd kernel', 'template <typename T>',
                    f'void pick{k}(const T* a, const T* b, T* lo, T* hi, int n)']
        else:
            u.top.append(f'struct {by_abs} {{\n'
                         '    bool operator()(float a, float b) const { return (a < 0.0f ? -a : a) < (b < 0.0f ? -b : b); }\n'
                         '};')
            t, fn = 'float', by_abs
            head = [f'#pragma qd kernel{" graph" if graph else ""}',
                    f'void pick{k}(const float* a, const float* b, float* lo, float* hi, int n)']
        forms = [
            f'lo[i] = std::min(a[i], b[i], {fn}{{}});',
            f'hi[i] = std::max(a[i], b[i], {fn}());',
            f'const {fn} cmp{{}};\n        lo[i] = std::max(lo[i], b[i], cmp);',
            f'auto later = []({t} x, {t} y) {{ return x > y; }};\n        hi[i] = std::min(hi[i], a[i], later);',
            f'lo[i] = std::max(a[i], b[i], []({t} x, {t} y) {{ return x * {t}(0.5) < y; }});',
            f'hi[i] = std::min({{a[i], b[i], {t}(0.25)}}, {fn}{{}});',
            f'lo[i] = std::max({{a[i], b[i], {t}(-0.5)}}, []({t} x, {t} y) {{ return x < y; }});',
            f'hi[i] = std::clamp(a[i], {t}(-0.5), {t}(1.0), {fn}{{}});',
        ]
        lines = head + ['{']
        for _ in range(self.r.randrange(1, 3)):
            lines.append('    ' + self.loop_header('i', 'n') + ' {')
            for form in self.r.sample(forms, self.r.randrange(1, 4)):
                lines.append('        ' + form)
            lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        ctype = self.pick(FLOAT_TYPES) if template else 'float'
        size = self.pick([1, 33, 1000])
        u.buffer(f'pa{k}', ctype, size, 'dyadic')
        u.buffer(f'pb{k}', ctype, size, 'dyadic')
        u.buffer(f'plo{k}', ctype, size, 'zero')
        u.buffer(f'phi{k}', ctype, size, 'zero')
        targs = f'<{ctype}>' if template else ''
        for c in range(self.r.randrange(1, 3)):
            n = self.pick([0, 1, size, size // 2])
            u.main.append(f'    pick{k}{targs}(pa{k}.data(), pb{k}.data(), plo{k}.data(), phi{k}.data(), {n});')
        u.outputs += [f'plo{k}', f'phi{k}']

    def unit_stencil(self, u):
        """A collapse(2) or collapse(3) stencil large enough that the default
        coarsens it on the fake device (4 multiprocessors: 8192 groups of 4
        rows) and, at a third of the size, not; sometimes an explicit
        coarsen(N), which coarsens on any device. Taps at shifted rows and
        planes, a tap loop of constant length (the 32-bit coarsened kernel)
        or of a runtime length (which keeps the 64-bit one), and the row
        and column variables in every index form: the coarsened kernels
        against the serial program. Half of them also reduce what they
        store (a double sum and an int count, exact in any order, and a
        float max written as `top = top > v ? top : v`, which reads the
        variable), so that coarsened reductions run too."""
        k = u.index
        graph = self.r.random() < 0.3
        depth = self.pick([2, 3])
        clause = self.pick(['', '', '', ' coarsen(2)', ' coarsen(3)', ' coarsen(8)'])
        taps = self.pick(['constant', 'runtime', 'none'])
        reduce = self.r.random() < 0.5
        plane = 'nx * ny' if depth == 3 else 'nx'
        params = 'const float* a, float* out, int nx, int ny' + (', int nz' if depth == 3 else '') + ', int m'
        if reduce:
            params += ', double* stats, int* counts'
        lines = [f'#pragma qd kernel{" graph" if graph else ""}', f'void sten{k}({params})', '{']
        if reduce:
            lines += ['    double sum = 0.0;', '    float top = -1.0e30f;', '    int cnt = 0;']
            clause += ' reduction(+: sum, cnt) reduction(max: top)'
        lines.append(f'    #pragma qd loop collapse({depth}){clause}')
        indent = '    '
        if depth == 3:
            lines.append(indent + self.loop_header('z', 'nz - 1', '1'))
            indent += '    '
        lines.append(indent + self.loop_header('y', 'ny - 1', '1'))
        indent += '    '
        lines.append(indent + self.loop_header('x', 'nx - 1', '1') + ' {')
        body = indent + '    '
        row = '(static_cast<long>(z) * ny + static_cast<long>(y))' if depth == 3 else 'static_cast<long>(y)'
        lines.append(f'{body}const long at = {row} * nx + static_cast<long>(x);')
        atoms = ['a[at]', 'a[at - 1]', 'a[at + 1]', 'a[at - nx]', 'a[at + nx]']
        if depth == 3:
            atoms += ['a[at - static_cast<long>(nx) * ny]', 'a[at + static_cast<long>(nx) * ny]']
        if taps == 'constant':
            lines.append(f'{body}float s = 0.0f;')
            lines.append(f'{body}for (int d = -1; d <= 1; ++d)')
            lines.append(f'{body}    s += a[at + d * {plane}] * 0.5f;')
            atoms.append('s')
        elif taps == 'runtime':
            lines.append(f'{body}float s = 0.25f;')
            lines.append(f'{body}for (int d = 0; d < m; ++d)')
            lines.append(f'{body}    s = s * 0.5f + a[at + (d % 2 == 0 ? -nx : nx)];')
            atoms.append('s')
        lines.append(f'{body}out[at] = {self.fexpr(atoms)};')
        if reduce:
            lines.append(f'{body}sum += static_cast<double>(out[at]);')
            lines.append(f'{body}top = top > out[at] ? top : out[at];')
            lines.append(f'{body}cnt += out[at] > 0.0f ? 1 : 0;')
        lines.append(indent + '}')
        if reduce:
            lines += ['    stats[0] = sum;', '    stats[1] = static_cast<double>(top);', '    counts[0] = cnt;']
        lines.append('}')
        u.top.append('\n'.join(lines))
        nx, ny, nz = (160, 260, 1) if depth == 2 else (130, 42, 10)
        size = nx * ny * nz
        u.buffer(f'sa{k}', 'float', size, 'dyadic')
        u.buffer(f'sout{k}', 'float', size, 'zero')
        if reduce:
            u.buffer(f'sst{k}', 'double', 2, 'zero')
            u.buffer(f'scn{k}', 'int', 1, 'zero')
        # The full size first: it coarsens by default on the fake device.
        calls = [(nx, ny, nz)] + [self.pick([(nx, ny // 3, nz), (3, 3, 3), (nx, 2, nz), (nx, ny, nz)])
                                  for _ in range(self.r.randrange(0, 2))]
        for dims in calls:
            z = f', {min(dims[2], nz)}' if depth == 3 else ''
            stats = f', sst{k}.data(), scn{k}.data()' if reduce else ''
            u.main.append(f'    sten{k}(sa{k}.data(), sout{k}.data(), {dims[0]}, {dims[1]}{z}, {self.pick([0, 1, 3])}{stats});')
        u.outputs.append(f'sout{k}')
        if reduce:
            u.outputs += [f'sst{k}', f'scn{k}']

    def unit_template_lambda(self, u):
        """Lambdas in a template kernel that change the loop body's locals
        through by-reference captures: called by a vector group's leader
        (directly, and through a helper given the lambda) before a vector
        loop that reads them, or in a plain parallel body; a lambda in the
        vector loop's body changes that body's own local."""
        k = u.index
        t = self.pick(FLOAT_TYPES)
        graph = self.r.random() < 0.3
        vector = self.r.random() < 0.7
        via_helper = self.r.random() < 0.5
        length = self.pick(['', ' vector_length(8)', ' vector_length(32)'])
        if via_helper:
            u.top.append(f'template <class F, class T>\nvoid apply{k}(F& f, T v)\n{{\n    f(v);\n}}')
        lines = [f'#pragma qd kernel{" graph" if graph else ""}', 'template <typename T>',
                 f'void tlam{k}(const T* m, const int* marks, T* y, T* z, int rows, int cols)', '{',
                 '    for (int r = 0; r < rows; ++r) {',
                 '        T acc = T(0);',
                 '        int hits = 0;',
                 '        auto add = [&](T v) { acc += v; ++hits; };',
                 '        if (marks[r] != 0 && cols > 0)',
                 '            add(m[r * cols]);']
        second = self.pick(['T(0.5)', 'T(-0.25)', 'm[r * cols + cols / 2]'])
        lines.append(f'        apply{k}(add, {second});' if via_helper else f'        add({second});')
        if vector:
            lines.append(f'        #pragma qd loop vector{length}')
            lines.append('        for (int j = 0; j < cols; ++j) {')
            lines.append('            T t = m[r * cols + j];')
            lines.append('            auto scale = [&](T s) { t = t * s; };')
            lines.append(f'            scale(T({self.pick(["0.5", "2.0", "-1.0"])}));')
            lines.append('            z[r * cols + j] = t + acc + static_cast<T>(hits);')
            lines.append('        }')
        else:
            lines.append('        if (cols > 0)')
            lines.append('            z[r * cols] = acc * T(2.0) - static_cast<T>(hits);')
        lines.append('        y[r] = acc * T(0.5) + static_cast<T>(hits);')
        lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        rows, cols = self.pick([1, 33, 200]), self.pick([1, 9, 40])
        u.buffer(f'lm{k}', t, rows * cols, 'dyadic')
        u.buffer(f'lmark{k}', 'int', rows, 'small')
        u.buffer(f'ly{k}', t, rows, 'zero')
        u.buffer(f'lz{k}', t, rows * cols, 'zero')
        for c in range(self.r.randrange(1, 3)):
            r = self.pick([rows, 0, rows // 2])
            u.main.append(f'    tlam{k}<{t}>(lm{k}.data(), lmark{k}.data(), ly{k}.data(), lz{k}.data(), {r}, {cols});')
        u.outputs += [f'ly{k}', f'lz{k}']

    def unit_ref_aggregate(self, u):
        """Aggregates holding references to the loop body's own locals (valid:
        each iteration has its own), changed through member functions, const
        ones included: a plain struct, one nested in another, a class
        template; in a plain parallel body or before a vector loop that
        reads them."""
        k = u.index
        graph = self.r.random() < 0.3
        vector = self.r.random() < 0.6
        form = self.r.randrange(3)
        length = self.pick(['', ' vector_length(8)', ' vector_length(16)'])
        u.top.append(f'struct Tally{k} {{\n    float& sum;\n    int& count;\n'
                     f'    void add(float v) const {{ sum += v; ++count; }}\n}};')
        if form == 1:
            u.top.append(f'struct Scored{k} {{\n    Tally{k} tally;\n    float weight;\n}};')
        if form == 2:
            u.top.append(f'template <class T>\nstruct Acc{k} {{\n    T& sum;\n    int& count;\n'
                         f'    void add(T v) {{ sum += v; count += 2; }}\n}};')
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void agg{k}(const float* a, const int* marks, float* y, float* z, int rows, int cols)', '{',
                 '    for (int r = 0; r < rows; ++r) {',
                 '        float sum = 0.0f;',
                 '        int count = 0;']
        if form == 0:
            lines.append(f'        const Tally{k} tally{{sum, count}};')
            call = 'tally.add({})'
        elif form == 1:
            lines.append(f'        Scored{k} scored{{{{sum, count}}, 0.5f}};')
            call = 'scored.tally.add({} * scored.weight)'
        else:
            lines.append(f'        Acc{k}<float> acc{{sum, count}};')
            call = 'acc.add({})'
        lines.append('        if (marks[r] != 0 && cols > 0)')
        lines.append('            ' + call.format('a[r * cols]') + ';')
        lines.append('        ' + call.format(self.pick(['0.25f', '-0.5f', 'a[r * cols + cols / 2]'])) + ';')
        if vector:
            lines.append(f'        #pragma qd loop vector{length}')
            lines.append('        for (int j = 0; j < cols; ++j)')
            lines.append('            z[r * cols + j] = a[r * cols + j] + sum + static_cast<float>(count);')
        else:
            lines.append('        if (cols > 0)')
            lines.append('            z[r * cols] = sum - static_cast<float>(count);')
        lines.append('        y[r] = sum * 0.5f + static_cast<float>(count);')
        lines.append('    }')
        lines.append('}')
        u.top.append('\n'.join(lines))
        rows, cols = self.pick([1, 33, 200]), self.pick([1, 9, 40])
        u.buffer(f'ra{k}', 'float', rows * cols, 'dyadic')
        u.buffer(f'rmark{k}', 'int', rows, 'small')
        u.buffer(f'ry{k}', 'float', rows, 'zero')
        u.buffer(f'rz{k}', 'float', rows * cols, 'zero')
        for c in range(self.r.randrange(1, 3)):
            r = self.pick([rows, 0, rows // 2])
            u.main.append(f'    agg{k}(ra{k}.data(), rmark{k}.data(), ry{k}.data(), rz{k}.data(), {r}, {cols});')
        u.outputs += [f'ry{k}', f'rz{k}']

    # ---- data regions (issue 43) ------------------------------------------
    # A data unit is a unit of any kind whose kernels are called on host
    # arrays: a host function (not a kernel) owns the arrays and makes them
    # present around the calls with '#pragma qd data' or 'enter data'/'exit
    # data', sometimes with 'update host'/'update device' and host code that
    # reads or changes the values between calls, a kernel that brings values
    # to the host with 'update host' and '#pragma qd host wait' and back with
    # 'update device', and a non-const global array (and a global pointer)
    # that a kernel uses once a region makes them present. The serial build
    # ignores the directives, so every target must print what it prints; a
    # kernel argument that is not translated to its device copy, or a copy
    # that is missing or misplaced, changes a checksum (or raises qd::Error).
    TOUCHABLE = {'float', 'double', 'int', 'unsigned'}

    def unit_data(self, u):
        k = u.index
        base = self.pick(self.KINDS + self.LATER_KINDS)
        getattr(self, 'unit_' + base)(u)
        u.top.insert(0, f'// unit {k}: a {base} unit called on host arrays in data regions')
        outs = set(u.outputs)
        lengths = {name: size + 1 for name, _, size, _ in u.buffers}
        types = {name: ctype for name, ctype, _, _ in u.buffers}

        def item(name, first=0, count=None):
            count = lengths[name] if count is None else count
            if first == 0 and self.r.random() < 0.3:
                return f'{name}_h[:{count}]'
            return f'{name}_h[{first}:{count}]'

        # What each array does on entry and on exit; an output is copied
        # back by its clause or by an 'update host' before the exit.
        plan = {}
        for name, _, _, _ in u.buffers:
            if name in outs:
                plan[name] = self.pick(['copy', 'copy', 'copyout+device', 'create+device+host',
                                        'copyin+host'])
            else:
                plan[name] = self.pick(['copyin', 'copyin', 'copy', 'create+device'])
        structured = self.r.random() < 0.6
        nested_present = structured and self.r.random() < 0.3

        # The global array and pointer of a 'gstep' kernel.
        use_global = self.r.random() < 0.4
        gsize = self.pick([1, 9, 300])
        if use_global:
            graph = self.r.random() < 0.3
            u.top.append(f'float gtab{k}[{gsize}];')
            u.top.append(f'const float* gsrc{k};')
            u.top.append('\n'.join([
                f'#pragma qd kernel{" graph" if graph else ""}',
                f'void gstep{k}(int n, float f)', '{',
                '    ' + self.loop_header('i', 'n') + ' {',
                f'        gtab{k}[i] = gtab{k}[i] * f + gsrc{k}[i];',
                '    }', '}']))
            gplan = self.pick(['copy', 'copyin+host', 'create+device+host'])
            # The pointer is made present by 'enter data' around the region
            # or by the region itself.
            gsrc_enter = self.r.random() < 0.5

        # A kernel that swaps the ends of an array through the host.
        touchable = [n for n, t, _, _ in u.buffers if t in self.TOUCHABLE]
        ends_of = None
        if touchable and self.r.random() < 0.4:
            ends_of = self.pick(touchable)
            # 'ends' writes the array, so it is an output even if the unit's
            # own kernels only read it: its changes must come back (seeds 853,
            # 869 and 893 differed on the GPU before).
            if ends_of not in outs:
                plan[ends_of] = 'copy'
            t = types[ends_of]
            graph = self.r.random() < 0.4
            change = {'float': 'x[i] * 0.5f', 'double': 'x[i] * 0.5',
                      'int': 'x[i] + 1', 'unsigned': 'x[i] + 2u'}[t]
            wait_lines = [f'        const {t} first = x[0];',
                          '        x[0] = x[n - 1];',
                          '        x[n - 1] = first;']
            logged = self.r.random() < 0.5
            if logged:
                # The host's count, sent back to the device copy.
                wait_lines.append('        log[0] = log[0] + 1;')
            lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                     f'void ends{k}({t}* x, int* log, int n)', '{',
                     '    ' + self.loop_header('i', 'n') + ' {',
                     f'        x[i] = {change};', '    }']
            if self.r.random() < 0.5:
                lines.append('    #pragma qd update host(x[0:1], x[n - 1:1])')
            else:
                lines.append('    #pragma qd update host(x[0:1]) self(x[n - 1:1])')
            lines += ['    #pragma qd host wait', '    {'] + wait_lines + ['    }']
            if self.r.random() < 0.5:
                lines.append('    #pragma qd update device(x[0:1]) device(x[n - 1:1])')
            else:
                lines.append('    #pragma qd update device(x[0:1], x[n - 1:1])')
            if logged:
                lines.append('    #pragma qd update device(log[0:1])')
            if self.r.random() < 0.5:
                lines.append('    ' + self.loop_header('i', 'n') + ' {')
                lines.append(f'        x[i] = {change};')
                lines.append('    }')
            lines.append('}')
            u.top.append('\n'.join(lines))

        # The calls, with host steps and the extra kernels among them.
        steps = list(u.main)
        extra = []
        if ends_of:
            for _ in range(self.r.randrange(1, 3)):
                n = self.pick([1, 2, lengths[ends_of] - 1, lengths[ends_of]])
                extra.append([f'    ends{k}({ends_of}.data(), ends_log{k}, {max(n, 1)});'])
        if use_global:
            for _ in range(self.r.randrange(1, 4)):
                n = self.pick([0, 1, gsize, gsize // 2])
                f = self.pick(['0.5f', '1.0f', '-1.0f'])
                extra.append([f'    gstep{k}({n}, {f});'])
        for m in range(self.r.randrange(0, 3)):
            name = self.pick(list(lengths))
            step = [f'    #pragma qd update host({item(name)})']
            if self.r.random() < 0.7:
                step.append(f'    print_host(prefix, "u{k}.{name}.mid{m}", {name}_h, {lengths[name]});')
            if types[name] in self.TOUCHABLE and self.r.random() < 0.7:
                step.append(f'    host_touch({name}_h, {lengths[name]}, {m});')
                step.append(f'    #pragma qd update device({item(name)})')
            extra.append(step)
        for e in extra:
            steps.insert(self.r.randrange(len(steps) + 1), e)

        body = [f'void data_run{k}(const char* prefix)', '{']
        for name, ctype, size, init in u.buffers:
            body.append(f'    HostBuf<{ctype}> {name}({size}, "{init}");')
            body.append(f'    [[maybe_unused]] {ctype}* {name}_h = {name}.data();')
        if ends_of:
            body.append(f'    int ends_log{k}[1] = {{0}};')
        if use_global:
            body.append(f'    HostBuf<float> gsrc_data{k}({gsize}, "dyadic");')
            body.append(f'    gsrc{k} = gsrc_data{k}.data();')
            body.append(f'    for (int i = 0; i < {gsize}; ++i) gtab{k}[i] = init_value<float>("dyadic", static_cast<std::size_t>(i) + {k}u);')
            if gsrc_enter:
                body.append(f'    #pragma qd enter data copyin(gsrc{k}[0:{gsize}])')

        # Entry: clauses by plan; the 'update device' that some plans need.
        clauses = {}   # clause -> items
        start, end = [], []
        for name, plan_of in plan.items():
            first, *then = plan_of.split('+')
            clauses.setdefault(first, []).append(item(name))
            if 'device' in then:
                start.append(item(name))
            if 'host' in then:
                end.append(item(name))
        if ends_of:
            clauses.setdefault('copy', []).append(f'ends_log{k}')
        if use_global:
            first, *then = gplan.split('+')
            clauses.setdefault(first, []).append(f'gtab{k}')
            if 'device' in then:
                start.append(f'gtab{k}')
            if 'host' in then:
                end.append(f'gtab{k}')
            if not gsrc_enter:
                clauses.setdefault('copyin', []).append(f'gsrc{k}[0:{gsize}]')
        order = list(clauses)
        self.r.shuffle(order)
        inner = []
        if start:
            if self.r.random() < 0.5:
                inner.append(f'    #pragma qd update device({", ".join(start)})')
            else:
                inner.append('    #pragma qd update ' + ' '.join(f'device({s})' for s in start))
        calls = []
        for s in steps:
            calls += s if isinstance(s, list) else [s]
        if nested_present:
            everything = [i for c in order for i in clauses[c]]
            inner.append(f'    #pragma qd data present({", ".join(everything)})')
            inner.append('    {')
            inner += ['    ' + c for c in calls]
            inner.append('    }')
        else:
            inner += calls
        if end:
            inner.append(f'    #pragma qd update host({", ".join(end)})')
        if structured:
            body.append('    #pragma qd data ' + ' '.join(f'{c}({", ".join(clauses[c])})' for c in order))
            body.append('    {')
            body += ['    ' + line for line in inner]
            body.append('    }')
        else:
            enter = {'copy': 'copyin', 'copyin': 'copyin', 'copyout': 'create', 'create': 'create'}
            leave = {'copy': 'copyout', 'copyout': 'copyout', 'copyin': 'delete', 'create': 'delete'}
            for table, word in ((enter, 'enter'), (leave, 'exit')):
                merged = {}
                for c in order:
                    merged.setdefault(table[c], []).extend(clauses[c])
                line = f'    #pragma qd {word} data ' + ' '.join(f'{c}({", ".join(v)})' for c, v in merged.items())
                if word == 'enter':
                    body.append(line)
                    body += inner
                else:
                    body.append(line)
        if use_global and gsrc_enter:
            body.append(f'    #pragma qd exit data delete(gsrc{k}[0:{gsize}])')
        for name, _, _, _ in u.buffers:
            body.append(f'    print_host(prefix, "u{k}.{name}", {name}_h, {lengths[name]});')
        if ends_of:
            body.append(f'    print_host(prefix, "u{k}.ends_log", ends_log{k}, 1);')
        if use_global:
            body.append(f'    print_host(prefix, "u{k}.gtab", gtab{k}, {gsize});')
        body.append('}')
        u.top.append('\n'.join(body))
        u.main = []
        u.driver = f'data_run{k}'

    KINDS = ['elementwise', 'reduction', 'collapse', 'vector', 'region', 'template',
             'solver', 'time_loop', 'nested']
    # Kinds added later: each may follow a program's units, drawn from a
    # generator of its own, so that every seed still gives the units it gave
    # before them (seed 933 of issue 42 still reproduces its program).
    LATER_KINDS = ['stepped', 'comparators', 'template_lambda', 'ref_aggregate']
    # The share of programs that end with a stencil unit (issue 45).
    STENCIL_SHARE = 0.4
    # The share of programs that get data units.
    DATA_SHARE = 0.45

    def units(self, count, only=None):
        built = []
        for i in range(count):
            kind = self.pick(self.KINDS)
            u = Unit(i)
            getattr(self, 'unit_' + kind)(u)
            if only is None or i in only:
                built.append(u)
        main = self.r
        self.r = random.Random(f'later {self.seed}')
        index = count
        for kind in self.LATER_KINDS:
            if self.r.random() < 0.4:
                u = Unit(index)
                getattr(self, 'unit_' + kind)(u)
                if only is None or index in only:
                    built.append(u)
                index += 1
        # Data units (issue 43) come last, from a generator of their own, so
        # that every seed still gives the units it gave before them.
        self.r = random.Random(f'data {self.seed}')
        if self.r.random() < self.DATA_SHARE:
            for _ in range(self.pick([1, 1, 2])):
                u = Unit(index)
                self.unit_data(u)
                if only is None or index in only:
                    built.append(u)
                index += 1
        # A stencil unit (issue 45) comes after those, from a generator of
        # its own again.
        self.r = random.Random(f'stencil {self.seed}')
        if self.r.random() < self.STENCIL_SHARE:
            u = Unit(index)
            self.unit_stencil(u)
            if only is None or index in only:
                built.append(u)
        self.r = main
        return built


PRELUDE = r'''// Generated by tests/generator/qdsmith.py: valid qd input by construction.
// The serial build is the reference; every translation must print the same lines.
#include <qd/qd.h>
#include <qd/atomic.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

inline float halve(float a, float b) { return a * 0.5f + b * 0.5f; }
inline float twice_plus(float a, float b) { return a + a + b; }
template <class T> T twice_t(T v) { return v + v; }

template <class T> T init_value(const char* kind, std::size_t i) {
    const std::size_t h = (i * 2654435761u + 12345u) % 1000u;
    if (std::strcmp(kind, "dyadic") == 0) return static_cast<T>((static_cast<int>(h % 33) - 16) / 8.0);
    if (std::strcmp(kind, "small") == 0) return static_cast<T>(static_cast<int>(h % 11) - 4);
    if (std::strcmp(kind, "odd") == 0) return static_cast<T>((h % 5) * 2 + 1);
    return T(0);
}

template <class T> struct Buf {
    Buf(std::size_t n, const char* kind) : host(n + 1), dev(n + 1) {
        for (std::size_t i = 0; i < host.size(); ++i) host[i] = init_value<T>(kind, i);
        dev.copy_from_host(host.data());
        qd::synchronize();
    }
    T* data() { return dev.data(); }
    std::vector<T> host;
    qd::Buffer<T> dev;
};

// An FNV-1a hash of the buffer's bytes: any difference in any bit shows.
template <class T> void print_checksum(const char* prefix, const char* name, Buf<T>& b) {
    qd::synchronize();
    b.dev.copy_to_host(b.host.data());
    qd::synchronize();
    std::uint64_t h = 1469598103934665603ull;
    const unsigned char* p = reinterpret_cast<const unsigned char*>(b.host.data());
    for (std::size_t i = 0; i < b.host.size() * sizeof(T); ++i) { h ^= p[i]; h *= 1099511628211ull; }
    std::printf("%s%s %016llx\n", prefix, name, static_cast<unsigned long long>(h));
}
'''

# Only in files with data units, so that other programs keep their text.
DATA_PRELUDE = r'''// Host arrays for data units: kernels get their host pointers, made present
// by data directives.
template <class T> struct HostBuf {
    HostBuf(std::size_t n, const char* kind) : host(n + 1) {
        for (std::size_t i = 0; i < host.size(); ++i) host[i] = init_value<T>(kind, i);
    }
    T* data() { return host.data(); }
    std::vector<T> host;
};

template <class T> void print_host(const char* prefix, const char* name, const T* data, std::size_t n) {
    std::uint64_t h = 1469598103934665603ull;
    const unsigned char* p = reinterpret_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n * sizeof(T); ++i) { h ^= p[i]; h *= 1099511628211ull; }
    std::printf("%s%s %016llx\n", prefix, name, static_cast<unsigned long long>(h));
}

// Host code changing values between kernel calls, exactly.
inline float touch_value(float v) { return v * 0.5f + 0.125f; }
inline double touch_value(double v) { return v * 0.5 + 0.125; }
inline int touch_value(int v) { return v + 1; }
inline unsigned touch_value(unsigned v) { return v + 2u; }
template <class T> void host_touch(T* p, std::size_t n, std::size_t first) {
    for (std::size_t i = first % 3; i < n; i += 3) p[i] = touch_value(p[i]);
}
'''


def program_body(seed, built, prefix):
    """The units of one program in namespace s<seed>, with its run()."""
    out = [f'namespace s{seed} {{', '']
    for u in built:
        out += u.top
        out.append('')
    out.append('void run()')
    out.append('{')
    for u in built:
        out.append(f'    {{ // unit {u.index}')
        if u.driver:
            out.append(f'    {u.driver}("{prefix}");')
            out.append('    }')
            continue
        for name, ctype, size, init in u.buffers:
            out.append(f'    Buf<{ctype}> {name}({size}, "{init}");')
        out += u.main
        for name in u.outputs:
            out.append(f'    print_checksum("{prefix}", "u{u.index}.{name}", {name});')
        out.append('    }')
    out.append('}')
    out.append('')
    out.append(f'}} // namespace s{seed}')
    return out


def write_programs(seeds, units=None, only=None):
    """One translation unit running the programs of \p seeds in order."""
    out = [PRELUDE]
    for seed in seeds:
        g = Gen(seed)
        count = units if units is not None else g.r.randrange(2, 6)
        prefix = f's{seed}.' if len(seeds) > 1 else ''
        built = g.units(count, only)
        if any(u.driver for u in built) and DATA_PRELUDE not in out:
            out.insert(1, DATA_PRELUDE)
        out += program_body(seed, built, prefix)
        out.append('')
    out.append('int main()')
    out.append('{')
    for seed in seeds:
        out.append(f'    s{seed}::run();')
    out.append('    return 0;')
    out.append('}')
    return '\n'.join(out) + '\n'


def parse_seeds(text):
    seeds = []
    for part in text.split(','):
        if '-' in part:
            lo, hi = part.split('-')
            seeds += range(int(lo), int(hi) + 1)
        elif part:
            seeds.append(int(part))
    return seeds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, help='one program')
    ap.add_argument('--seeds', help='several programs in one file: 1-50 or 3,7,9')
    ap.add_argument('--units', type=int, default=None)
    ap.add_argument('--only', default=None, help='comma-separated unit indices to keep')
    ap.add_argument('-o', '--output', default='-')
    args = ap.parse_args()
    if (args.seed is None) == (args.seeds is None):
        ap.error('give --seed or --seeds')
    seeds = [args.seed] if args.seed is not None else parse_seeds(args.seeds)
    only = None if args.only is None else {int(x) for x in args.only.split(',') if x}
    text = write_programs(seeds, args.units, only)
    if args.output == '-':
        sys.stdout.write(text)
    else:
        with open(args.output, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
