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
collapse nests coarsen (unit_stencil says how). The units of issue 55's
classes (FEATURES: data directives on one-statement bodies, member data,
shadowed names, C linkage, using-declarations and namespace aliases, default
arguments, every built-in type spelling) come after it, each from a generator
of its own; --features (or QDSMITH_FEATURES) turns each on or off.

Usage:
  qdsmith.py --seed N [--units K] [--only I,J,...] [--features=+a,-b] [-o file.cpp]
  qdsmith.py --list-features
--only keeps the listed units (run_seeds.py uses it to reduce a failing
program); --feature-units-only keeps only the FEATURES units (a seed's other
units are drawn, so unit indices stay the same).
"""
import argparse
import os
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


# Issue 55 (section 6): what its classes need of the generator, each an
# option that `--features` turns on or off. A feature with a share adds a
# unit to that share of programs (unit_<name>, drawn from its own generator);
# one without changes what such a unit writes. Options that are off by
# default cover what the translator does not do yet (issue 55); turn them
# on with `--features +name` (qdsmith.py and run_seeds.py) once fixed.
# name: (on by default, share of programs or None, what it adds)
FEATURES = {
    'data_one_statement': (True, 0.3, "'#pragma qd data' on one unbraced statement of each kind and as "
                           "such a body; 'update', 'enter/exit data', 'host wait' and 'host' in "
                           "unbraced 'case' arms, in host code and in a kernel"),
    'member_data': (True, 0.25, "data clauses naming members ('this->u[0:n]', 's->u[0:s->n]', a "
                    "static member array) in member functions; members as kernel arguments"),
    'member_bare_names': (True, None, "member_data's clauses also name a member bare ('u[0:n]' "
                          "in a member function)"),
    'shadowed_names': (True, 0.25, "a data clause names 'field' after a block, a loop and a lambda "
                       "parameter declared their own 'field' (out of scope at the directive)"),
    'shadowed_outer': (True, None, "shadowed_names' array is declared before those (in the "
                       "enclosing scope), and a kernel's 'update' names its parameter after a "
                       "lambda parameter of the same name"),
    'c_linkage': (True, 0.2, 'kernels with C linkage: extern "C" on the definition, in an '
                  'extern "C" block, on a marked prototype'),
    'using_alias': (True, 0.25, 'kernels called through using-declarations, using-directives and '
                    'namespace aliases, from kernels and host code'),
    'default_args': (True, 0.25, 'default arguments from prototypes naming a namespace constant, an '
                     'enumerator and a template parameter, taken by host code and kernels'),
    'default_template_from_kernel': (True, None, "default_args' kernels also take the defaults that "
                                     "name a template parameter ('T a = T(2)', 'int r = R')"),
    'default_late': (True, None, "default_args' defaults are added by a second declaration of "
                     "the callee, and a decoy of the same name is in the caller's scope"),
    'builtin_types': (True, 0.35, 'every built-in type spelling in tiled products, coarsened nests, '
                      'reductions, device scalars and vector loops, const volatile operands too'),
    'volatile_tiles': (False, None, "builtin_types' 'tile(on)' products may read 'const volatile' "
                       "operands only; off, since such a tile is refused by design (-Wqd-tile: a "
                       "volatile element must be read as often as the loop reads it; "
                       "tests/diagnostics/tile_ignored.cpp)"),
    'long_double': (False, None, "builtin_types draws 'long double' too; off, since GPU targets "
                    "reject it in device code by design (LongDoubleOnDevice: CUDA and HIP compute "
                    "it as double; tests/diagnostics/long_double_on_device.cpp)"),
    'reference_results': (True, 0.3, "loops reducing straight into non-const reference "
                          "parameters ('double& total'), set by a statement of their own, read "
                          "by later device code, reduced again in a host 'if', after an early "
                          "'return;', in stream_parallel blocks, with a reference that only host "
                          "statements set ('++count;'), called from host code and from stream- "
                          "and graph-mode kernels"),
}


def default_features():
    return {name for name, (on, _, _) in FEATURES.items() if on}


def parse_features(text, base=None):
    """'+a,-b,c' on top of the defaults: 'all', 'none', 'default', a name
    (or +name) turns on, -name (or no-name) turns off."""
    features = default_features() if base is None else set(base)
    for word in (w.strip() for w in (text or '').split(',')):
        if not word:
            continue
        if word in ('all', 'none', 'default'):
            features = {'all': set(FEATURES), 'none': set(), 'default': default_features()}[word]
            continue
        off = word.startswith('-') or word.startswith('no-')
        name = word[3:] if word.startswith('no-') else word.lstrip('+-')
        if name not in FEATURES:
            raise ValueError(f'unknown feature {name!r}; known: {", ".join(FEATURES)}')
        (features.discard if off else features.add)(name)
    return features


class Unit:
    def __init__(self, index):
        self.index = index
        self.top = []      # helpers, structs, kernels (namespace scope)
        self.main = []     # statements of main()
        self.buffers = []  # (name, type, size expression, init kind)
        self.outputs = []  # buffer names to print
        self.scalars = []  # host scalars of main() to print
        self.driver = None # a data unit's host function, which run() calls

    def buffer(self, name, ctype, size, init):
        self.buffers.append((name, ctype, size, init))


class Gen:
    def __init__(self, seed, features=None, feature_units_only=False):
        self.seed = seed
        self.r = random.Random(seed)
        self.features = default_features() if features is None else set(features)
        # Only the units of FEATURES (the others are drawn, so indices stay).
        self.feature_units_only = feature_units_only

    def on(self, feature):
        return feature in self.features

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

    # ---- issue 55 (section 6): the classes that issue's test programs found --
    # Each feature is a unit kind of its own, drawn after the stencil unit from
    # a generator of its own (random.Random('<feature> <seed>')), so a seed
    # keeps every unit it gave before, and turning one feature on or off
    # changes no other feature's unit (only the index, the `k` in its names,
    # of those after it). Sub-options (FEATURES' entries with no share)
    # change what a unit writes, and only the unit they belong to.
    # `--features` sets them.

    @staticmethod
    def lit(t, v):
        """The literal `v` (a small dyadic number) of arithmetic type `t`."""
        if t in ('float', 'double', 'long double'):
            return repr(float(v)) + {'float': 'f', 'double': '', 'long double': 'L'}[t]
        return str(int(v)) if t == 'int' else f'static_cast<{t}>({int(v)})'

    def unit_data_one_statement(self, u):
        """Data directives on one-statement bodies of every statement kind
        (issue 55, sections 1 and 2): '#pragma qd data' on an unbraced
        'for', 'if'/'else', 'if', 'while', 'do', range-for, 'switch' and an
        expression statement, and as the unbraced body of a 'for', 'while',
        'do', an 'if' branch and a 'case' arm; 'update host'/'update device'
        and 'enter data'/'exit data' in unbraced 'case' arms of host code;
        and a kernel whose host 'switch' has 'update', 'host wait' and 'host'
        in unbraced arms (and '#pragma qd host' on an 'if' branch's braces).
        Every array is copied back (or brought back by 'update host') before
        the host reads it, so the serial build is the reference."""
        k = u.index
        t = self.pick(['float', 'double', 'int'])
        L = lambda v: self.lit(t, v)  # noqa: E731
        graph = self.r.random() < 0.4
        if t == 'int':
            scale_body = f'a[i] = (a[i] * f) % 1021 + {L(3)};'
            axpy_body = 'y[i] = (y[i] + x[i]) % 1021;'
            fill_body = 'a[i] = b[i] * 2 + 1;'
            twice = 'a[i] = (a[i] + a[i]) % 1021;'
            factors = ['2', '-1', '3']
        else:
            scale_body = f'a[i] = a[i] * f + {L(0.25)};'
            axpy_body = f'y[i] = y[i] + x[i] * {L(0.5)};'
            fill_body = f'a[i] = b[i] * {L(2.0)} + {L(1.0)};'
            twice = f'a[i] = a[i] * {L(0.5)} + {L(0.125)};'
            factors = [L(0.5), L(2.0), L(-1.0)]
        u.top.append(f'// unit {k}: data directives on one-statement bodies (issue 55)')
        u.top.append(f'int os_log{k} = 0;')
        for name, params, body in (
                (f'os_scale{k}', f'{t}* a, int n, {t} f', scale_body),
                (f'os_axpy{k}', f'{t}* y, const {t}* x, int n', axpy_body),
                (f'os_fill{k}', f'{t}* a, const {t}* b, int n', fill_body)):
            u.top.append('\n'.join([
                f'#pragma qd kernel{" graph" if graph and self.r.random() < 0.5 else ""}',
                f'void {name}({params})', '{',
                '    ' + self.loop_header('i', 'n'),
                f'        {body}', '}']))
        # The kernel: 'update', 'host wait' and 'host' in unbraced arms of a
        # host switch (n >= 1 at every call).
        s = [f'#pragma qd kernel{" graph" if graph else ""}',
             f'void os_settle{k}({t}* a, int n, int mode)', '{',
             '    ' + self.loop_header('i', 'n'),
             f'        {twice}']
        if self.r.random() < 0.5:
            s += ['    if (mode > 1)', '#pragma qd host', '    {', f'        os_log{k} += 10;', '    }']
        s += ['    switch (mode) {', '    case 0:',
              '#pragma qd update host(a[n - 1:1])',
              '#pragma qd host wait',
              f'        a[n - 1] = a[n - 1] + {L(3)};',
              '#pragma qd update device(a[n - 1:1])',
              '        break;',
              '    case 1:',
              '#pragma qd host',
              f'        os_log{k} += mode;'] + (
                 # More work in the unbraced arm: a parallel loop after the host code.
                 ['        ' + self.loop_header('i', 'n'), f'            {twice}']
                 if self.r.random() < 0.5 else []) + [
              '        break;',
              '    case 2:',
              self.pick(['#pragma qd update host(a[0:1], a[n - 1:1])',
                         '#pragma qd update host(a[0:1]) self(a[n - 1:1])']),
              '#pragma qd host wait',
              '        {',
              f'            const {t} first = a[0];',
              '            a[0] = a[n - 1];',
              '            a[n - 1] = first;',
              '        }',
              self.pick(['#pragma qd update device(a[0:1]) device(a[n - 1:1])',
                         '#pragma qd update device(a[0:1], a[n - 1:1])']),
              '        break;',
              '    case 3:',
              '#pragma qd update host(a[0:1])',
              '#pragma qd host wait',
              f'        os_log{k} += a[0] > {L(0)} ? 1 : 2;',
              '        break;',
              '    default:',
              '        break;',
              '    }']
        if self.r.random() < 0.5:
            s += ['    ' + self.loop_header('i', 'n'), f'        {twice}']
        s.append('}')
        u.top.append('\n'.join(s))
        u.top.append('\n'.join([
            f'// Host code between the kernels: a helper that calls two of them.',
            f'void os_pair{k}({t}* p, {t}* tmp, const {t}* q, int n)', '{',
            f'    os_fill{k}(tmp, q, n);', f'    os_axpy{k}(p, tmp, n);', '}']))

        size = self.pick([2, 3, 9, 100, 1000])

        def P():
            return self.pick(['p_h[0:n]', 'p_h[:n]'])

        def Q():
            return self.pick(['q_h[0:n]', 'q_h[:n]'])

        def Tm():
            return self.pick(['t_h[0:n]', 't_h[:n]'])

        def f():
            return self.pick(factors)

        body = [f'void data_run{k}(const char* prefix)', '{',
                f'    HostBuf<{t}> p({size}, "dyadic");',
                f'    HostBuf<{t}> q({size}, "small");',
                f'    HostBuf<{t}> tmp({size}, "zero");',
                f'    {t}* p_h = p.data();',
                f'    [[maybe_unused]] const {t}* q_h = q.data();',
                f'    [[maybe_unused]] {t}* t_h = tmp.data();',
                f'    const int n = {size};']
        forms = ['for', 'if_else', 'if', 'while', 'do', 'range', 'range_array', 'switch', 'expr',
                 'copyout', 'create', 'present', 'for_body', 'while_body', 'do_body', 'if_branch',
                 'case_data', 'case_update', 'case_enter']
        chosen = [self.pick(forms) for _ in range(self.r.randrange(3, 8))]
        for m, form in enumerate(chosen):
            c = f'c{m}'
            steps = self.r.randrange(0, 4)
            body.append(f'    // {form}')
            if form == 'for':
                body += [f'#pragma qd data copy({P()})',
                         f'    for (int s = 0; s < {steps}; ++s) os_scale{k}(p_h, n, {f()});']
            elif form == 'if_else':
                body += [f'#pragma qd data copy({P()}) copyin({Q()})',
                         f'    if (n > {self.pick([1, 5, 50])}) os_axpy{k}(p_h, q_h, n); '
                         f'else os_scale{k}(p_h, n, {f()});']
            elif form == 'if':
                body += [f'#pragma qd data copy({P()})',
                         f'    if (n % {self.pick([2, 3])} == {self.pick([0, 1])}) os_settle{k}(p_h, n, {self.r.randrange(5)});']
            elif form == 'while':
                body += [f'    int {c} = 0;',
                         f'#pragma qd data copyin({Q()}) copy({P()})',
                         f'    while ({c}++ < {steps}) os_axpy{k}(p_h, q_h, n);']
            elif form == 'do':
                body += [f'    int {c} = {steps};',
                         f'#pragma qd data copy({P()})',
                         f'    do os_scale{k}(p_h, n, {f()}); while (--{c} > 0);']
            elif form == 'range':
                modes = ', '.join(str(self.r.randrange(5)) for _ in range(self.r.randrange(1, 5)))
                body += [f'#pragma qd data copy({P()})',
                         f'    for (int mode : {{{modes}}}) os_settle{k}(p_h, n, mode);']
            elif form == 'range_array':
                modes = ', '.join(str(self.r.randrange(5)) for _ in range(self.r.randrange(1, 5)))
                body += [f'    const int modes{m}[] = {{{modes}}};',
                         f'#pragma qd data copy({P()})',
                         f'    for (const int& mode : modes{m})',
                         f'        os_settle{k}(p_h, n, mode);']
            elif form == 'switch':
                body += [f'#pragma qd data copy({P()}) copyin({Q()})',
                         f'    switch (n % 3) {{ case 0: os_scale{k}(p_h, n, {f()}); break; '
                         f'case 1: os_axpy{k}(p_h, q_h, n); break; default: os_settle{k}(p_h, n, 2); }}']
            elif form == 'expr':
                body += [f'#pragma qd data copy({P()})',
                         f'    os_scale{k}(p_h, n, {f()});']
            elif form == 'copyout':
                # fill writes every element of p[0:n]: copyout needs no copyin.
                body += [f'#pragma qd data copyin({Q()}) copyout({P()})',
                         f'    os_fill{k}(p_h, q_h, n);']
            elif form == 'create':
                body += [f'#pragma qd data create({Tm()}) copyin({Q()}) copy({P()})',
                         f'    for (int s = 0; s < {steps}; ++s) os_pair{k}(p_h, t_h, q_h, n);']
            elif form == 'present':
                body += [f'#pragma qd data copy({P()})', '    {',
                         f'#pragma qd data present({P()})',
                         f'        for (int s = 0; s < {steps}; ++s) os_scale{k}(p_h, n, {f()});',
                         f'        os_settle{k}(p_h, n, {self.r.randrange(5)});', '    }']
            elif form == 'for_body':
                body += [f'    for (int s = 0; s < {steps}; ++s)',
                         f'#pragma qd data copy({P()})',
                         f'        os_scale{k}(p_h, n, {f()});']
            elif form == 'while_body':
                body += [f'    int {c} = 0;',
                         f'    while ({c}++ < {steps})',
                         f'#pragma qd data copy({P()})',
                         f'        os_settle{k}(p_h, n, {c} % 4);']
            elif form == 'do_body':
                body += [f'    int {c} = {steps};', '    do',
                         f'#pragma qd data copyin({Q()}) copy({P()})',
                         f'        os_axpy{k}(p_h, q_h, n);',
                         f'    while (--{c} > 0);']
            elif form == 'if_branch':
                body += [f'    if (n > {self.pick([1, 5, 50])})',
                         f'#pragma qd data copy({P()})',
                         f'        os_scale{k}(p_h, n, {f()});',
                         '    else',
                         f'#pragma qd data copyin({Q()}) copy({P()})',
                         f'        os_axpy{k}(p_h, q_h, n);']
            elif form == 'case_data':
                body += [f'    switch (n % {self.pick([2, 3])}) {{', '    case 0:',
                         f'#pragma qd data copyin({Q()}) copyout({P()})',
                         f'        os_fill{k}(p_h, q_h, n);',
                         '        break;', '    default:',
                         f'#pragma qd data copy({P()})',
                         f'        os_scale{k}(p_h, n, {f()});',
                         '        break;', '    }']
            elif form == 'case_update':
                # A region on the switch copies in only: every arm brings p
                # back with 'update host' in the arm itself.
                sel = self.r.randrange(3)
                body += [f'    const int sel{m} = {sel};',
                         f'#pragma qd data copyin({P()})',
                         f'    switch (sel{m}) {{', '    case 0:',
                         f'        os_scale{k}(p_h, n, {f()});',
                         f'#pragma qd update host({P()})',
                         '        break;', '    case 1:',
                         f'        host_touch(p_h, static_cast<std::size_t>(n), {m});',
                         f'#pragma qd update device({P()})',
                         f'        os_settle{k}(p_h, n, {self.r.randrange(5)});',
                         f'#pragma qd update self({P()})',
                         f'        print_host(prefix, "u{k}.arm{m}", p_h, static_cast<std::size_t>(n));',
                         '        break;', '    default:',
                         f'#pragma qd update device({P()})',
                         f'        os_scale{k}(p_h, n, {f()});',
                         f'#pragma qd update host({P()})',
                         '        break;', '    }']
            else:  # case_enter
                sel = self.r.randrange(3)
                body += [f'    const int sel{m} = {sel};',
                         f'    switch (sel{m}) {{', '    case 0:',
                         f'#pragma qd enter data copyin({P()})',
                         '        break;', '    default:',
                         f'#pragma qd enter data copyin({P()}) create({Tm()})',
                         '        break;', '    }',
                         f'    os_settle{k}(p_h, n, {self.r.randrange(5)});',
                         f'    switch (sel{m}) {{', '    case 0:',
                         f'#pragma qd exit data copyout({P()})',
                         '        break;', '    default:',
                         f'#pragma qd exit data copyout({P()}) delete({Tm()})',
                         '        break;', '    }']
            if self.r.random() < 0.3:
                body.append(f'    print_host(prefix, "u{k}.p.{m}", p_h, static_cast<std::size_t>(n));')
        body += [f'    print_host(prefix, "u{k}.p", p_h, static_cast<std::size_t>(n));',
                 f'    print_host(prefix, "u{k}.log", &os_log{k}, 1);', '}']
        u.top.append('\n'.join(body))
        u.driver = f'data_run{k}'

    def unit_member_data(self, u):
        """Member data (issue 55, section 2): host member functions whose
        data clauses name pointer members (`this->u[0:n]`, and with
        `member_bare_names` plain `u[0:n]`), a static member array (bare
        inside the class and qualified outside it) that a kernel uses as a
        present global, `s->u[0:s->n]` through a pointer to the object,
        'enter data'/'exit data'/'update' in member functions, and kernel
        calls given `u`, `this->u` and `(*this).u`."""
        k = u.index
        bare = self.r.random() < 0.5 and self.on('member_bare_names')
        graph = self.r.random() < 0.4
        size = self.pick([2, 9, 300])
        ts = self.pick([4, 16, 33])

        def U(first=True):
            if bare and self.r.random() < 0.6:
                return self.pick(['u[0:n]', 'u[:n]'])
            return self.pick(['this->u[0:n]', 'this->u[:n]', '(*this).u[0:n]'])

        def V():
            if bare and self.r.random() < 0.6:
                return 'v[0:n]'
            return self.pick(['this->v[0:n]', 'this->v[:n]'])

        def arg(name):
            return self.pick([name, f'this->{name}', f'(*this).{name}'])

        u.top.append(f'// unit {k}: member data in data clauses (issue 55)')
        u.top.append('\n'.join([
            f'#pragma qd kernel{" graph" if graph else ""}',
            f'void mrelax{k}(float* u, const float* v, int n)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        u[i] = u[i] * 0.5f + v[i] * 0.25f;', '}']))
        u.top.append('\n'.join([
            '#pragma qd kernel', f'void mhalo{k}(float* h, int n)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        h[i] = h[i] * 0.5f + 1.0f;', '}']))
        u.top.append(f'void mtab{k}(int n);')
        hs = self.pick([1, 4, 8])
        methods = []
        one = self.r.random() < 0.5
        methods.append(['    void advance(int steps)', '    {',
                        f'#pragma qd data copy({U()}) copyin({V()})'] +
                       ([f'        for (int s = 0; s < steps; ++s) mrelax{k}({arg("u")}, {arg("v")}, n);']
                        if one else
                        ['        {', '            for (int s = 0; s < steps; ++s)',
                         f'                mrelax{k}({arg("u")}, {arg("v")}, n);',
                         f'            mrelax{k}({arg("u")}, {arg("v")}, n);', '        }']) +
                       ['    }'])
        methods.append(['    void attach()', '    {',
                        f'#pragma qd enter data copyin({U()}) copyin({V()})', '    }'])
        methods.append(['    void relax_present()', '    {',
                        f'#pragma qd data present({U()}, {V()})',
                        f'        mrelax{k}({arg("u")}, {arg("v")}, n);', '    }'])
        methods.append(['    void sync()', '    {',
                        f'#pragma qd update host({U()})', '    }'])
        methods.append(['    void detach()', '    {',
                        f'#pragma qd exit data copyout({U()}) delete({V()})', '    }'])
        # A member array, named whole or by a section.
        halo = self.pick(['this->halo', f'this->halo[0:{hs}]', '(*this).halo'])
        if bare and self.r.random() < 0.6:
            halo = self.pick(['halo', f'halo[:{hs}]'])
        methods.append(['    void shift_halo(int reps)', '    {',
                        f'#pragma qd data copy({halo})',
                        f'        for (int r = 0; r < reps; ++r) mhalo{k}({arg("halo")}, {hs});', '    }'])
        tab_clause = self.pick(['table', f'Field{k}::table'])
        methods.append(['    static void tabulate(int reps)', '    {',
                        f'#pragma qd data copy({tab_clause})',
                        f'        for (int r = 0; r < reps; ++r) mtab{k}({ts});', '    }'])
        lines = [f'struct Field{k} {{',
                 '    HostBuf<float> store_u;', '    HostBuf<float> store_v;',
                 '    float* u;', '    float* v;', '    int n;', f'    float halo[{hs}];',
                 f'    static float table[{ts}];',
                 f'    explicit Field{k}(int count)',
                 '        : store_u(static_cast<std::size_t>(count), "dyadic"),',
                 '          store_v(static_cast<std::size_t>(count), "small"),',
                 '          u(store_u.data()), v(store_v.data()), n(count)', '    {',
                 f'        for (int i = 0; i < {hs}; ++i)',
                 '            halo[i] = init_value<float>("dyadic", static_cast<std::size_t>(i));', '    }']
        for mth in methods:
            lines += mth
        lines.append('};')
        u.top.append('\n'.join(lines))
        u.top.append(f'float Field{k}::table[{ts}];')
        u.top.append('\n'.join([
            '#pragma qd kernel', f'void mtab{k}(int n)', '{',
            '    ' + self.loop_header('i', 'n'),
            f'        Field{k}::table[i] = Field{k}::table[i] * 0.5f + 0.25f;', '}']))
        u.top.append('\n'.join([
            f'void mdrive{k}(Field{k}* s, int steps)', '{',
            '#pragma qd data copy(s->u[0:s->n]) copyin(s->v[0:s->n])',
            f'    for (int r = 0; r < steps; ++r) mrelax{k}(s->u, s->v, s->n);', '}']))
        body = [f'void data_run{k}(const char* prefix)', '{',
                f'    for (int i = 0; i < {ts}; ++i)',
                f'        Field{k}::table[i] = init_value<float>("dyadic", static_cast<std::size_t>(i) + {k}u);',
                f'    Field{k} f({size});']
        steps = []
        for _ in range(self.r.randrange(2, 6)):
            form = self.pick(['advance', 'attached', 'drive', 'tabulate', 'halo'])
            if form == 'advance':
                steps.append([f'    f.advance({self.r.randrange(0, 4)});'])
            elif form == 'attached':
                st = ['    f.attach();', '    f.relax_present();']
                if self.r.random() < 0.5:
                    st += ['    f.sync();',
                           f'    print_host(prefix, "u{k}.u.mid{len(steps)}", f.u, {size});']
                st += [f'    mrelax{k}(f.u, f.v, f.n);', '    f.detach();']
                steps.append(st)
            elif form == 'drive':
                steps.append([f'    mdrive{k}(&f, {self.r.randrange(0, 3)});'])
            elif form == 'halo':
                steps.append([f'    f.shift_halo({self.r.randrange(1, 3)});'])
            else:
                steps.append([f'    Field{k}::tabulate({self.r.randrange(1, 3)});'])
        for st in steps:
            body += st
        body += [f'    print_host(prefix, "u{k}.u", f.u, {size});',
                 f'    print_host(prefix, "u{k}.halo", f.halo, {hs});',
                 f'    print_host(prefix, "u{k}.table", Field{k}::table, {ts});', '}']
        u.top.append('\n'.join(body))
        u.driver = f'data_run{k}'

    def unit_shadowed_names(self, u):
        """Names whose scope has ended (issue 55, section 2): a data clause
        names `field` where an earlier block, a 'for' loop and a lambda's
        parameter also declared a `field` (a float, an int) that is out of
        scope at the directive. The array is declared after them; with
        `shadowed_outer` it is declared before them (in an enclosing scope),
        and a kernel's 'update' names its parameter `field` after a loop
        body's lambda whose parameter is a float named `field` too."""
        k = u.index
        outer = self.r.random() < 0.5 and self.on('shadowed_outer')
        kernel_lambda = self.r.random() < 0.6 and self.on('shadowed_outer')
        size = self.pick([2, 9, 300])
        u.top.append(f'// unit {k}: data clauses naming shadowed names (issue 55)')
        lines = ['#pragma qd kernel', f'void shk{k}(float* field, int n)', '{',
                 '    ' + self.loop_header('i', 'n') + ' {']
        if kernel_lambda:
            lines += ['        auto half = [](float field) { return field * 0.5f; };',
                      '        field[i] = half(field[i]) + 1.0f;']
        else:
            lines += ['        field[i] = field[i] * 0.5f + 1.0f;']
        lines += ['    }',
                  '#pragma qd update host(field[0:1])',
                  '#pragma qd host wait',
                  '    field[0] = field[0] + 2.0f;',
                  '#pragma qd update device(field[0:1])', '}']
        u.top.append('\n'.join(lines))
        body = [f'void data_run{k}(const char* prefix)', '{',
                f'    HostBuf<float> store({size}, "dyadic");',
                '    float shadow = 0.0f;']
        decl = '    float* field = store.data();'
        if outer:
            body.append(decl)
        shadows = {
            'block': ['    {', '        float field = 0.5f;', '        shadow += field;', '    }'],
            'loop': ['    for (int field = 0; field < 3; ++field)',
                     '        shadow += static_cast<float>(field);'],
            'lambda': ['    auto twice = [](float field) { return field * 2.0f; };',
                       '    shadow += twice(0.25f);'],
            'pointer_block': ['    {', '        const float* field = &shadow;',
                              '        shadow += *field;', '    }'],
        }
        order = list(shadows)
        self.r.shuffle(order)
        for name in order[:self.r.randrange(1, len(order) + 1)]:
            body += shadows[name]
        if not outer:
            body.append(decl)
        body += [f'#pragma qd data copy({self.pick(["field[0:" + str(size) + "]", "field[:" + str(size) + "]"])})',
                 f'    shk{k}(field, {size});',
                 f'    print_host(prefix, "u{k}.field", field, {size});',
                 f'    print_host(prefix, "u{k}.shadow", &shadow, 1);', '}']
        u.top.append('\n'.join(body))
        u.driver = f'data_run{k}'

    def unit_c_linkage(self, u):
        """Kernels with C linkage (issue 55, section 1): a definition marked
        `extern "C"`, kernels inside `extern "C" { ... }` (one declared
        first with the directive on its prototype), called from host code
        and from a C++ kernel. C names are the file's: they carry the seed."""
        k = u.index
        base = f'qd{self.seed}u{k}'
        graph = self.r.random() < 0.4
        proto = self.r.random() < 0.5
        u.top.append(f'// unit {k}: kernels with C linkage (issue 55)')
        if proto:
            u.top.append('\n'.join([f'extern "C" {{', '#pragma qd kernel',
                                    f'void {base}_shift(float* a, int n, float by);', '}']))
        u.top.append('\n'.join([
            f'#pragma qd kernel{" graph" if graph else ""}',
            f'extern "C" void {base}_scale(float* a, int n, float f)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        a[i] = a[i] * f;', '}']))
        u.top.append('\n'.join([
            'extern "C" {',
            '' if proto else '#pragma qd kernel',
            f'void {base}_shift(float* a, int n, float by)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        a[i] = a[i] + by;', '}',
            '#pragma qd kernel',
            f'void {base}_both(float* a, int n)', '{',
            f'    {base}_scale(a, n, 0.5f);',
            f'    {base}_shift(a, n, 0.25f);', '}',
            '} // extern "C"']))
        u.top.append('\n'.join([
            f'#pragma qd kernel{" graph" if self.r.random() < 0.4 else ""}',
            f'void cmix{k}(float* a, int n)', '{',
            f'    {base}_both(a, n);',
            f'    {base}_scale(a, n, 2.0f);', '}']))
        size = self.pick([1, 33, 1000])
        u.buffer(f'ca{k}', 'float', size, 'dyadic')
        for _ in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size // 2])
            call = self.pick([f'{base}_scale(ca{k}.data(), {n}, {self.pick(["0.5f", "2.0f", "-1.0f"])})',
                              f'{base}_shift(ca{k}.data(), {n}, 0.125f)',
                              f'{base}_both(ca{k}.data(), {n})',
                              f'cmix{k}(ca{k}.data(), {n})'])
            u.main.append(f'    {call};')
        u.outputs.append(f'ca{k}')

    def unit_reference_results(self, u):
        """Results handed back through non-const reference parameters
        (issue 55, section 2): reductions straight into them, the call waits
        where it ends and copies each back. Values are dyadic, so sums are
        exact whatever the order."""
        k = u.index
        graph = self.r.random() < 0.4
        early = self.r.random() < 0.4
        setter = self.r.random() < 0.4
        blocks = self.r.random() < 0.3
        u.top.append(f'// unit {k}: reductions into reference parameters (issue 55)')
        lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void rref{k}(const double* a, double* b, int n, bool again, double& total, '
                 f'double& top, int& count)', '{']
        if early:
            lines += ['    if (n < 2)', '        return;']
        if setter:
            lines.append('    total = 0.5;')
        lines.append('    ++count;')
        if blocks:
            lines += ['    #pragma qd stream_parallel', '    {',
                      '        #pragma qd loop reduction(+: total)',
                      '        ' + self.loop_header('i', 'n'),
                      '            total += a[i];', '    }',
                      '    #pragma qd stream_parallel', '    {',
                      '        #pragma qd loop reduction(max: top)',
                      '        ' + self.loop_header('i', 'n'),
                      '            top = a[i] * 2.0 > top ? a[i] * 2.0 : top;', '    }']
        else:
            lines += ['    #pragma qd loop reduction(+: total) reduction(max: top)',
                      '    ' + self.loop_header('i', 'n') + ' {',
                      '        total += a[i];',
                      '        top = a[i] * 2.0 > top ? a[i] * 2.0 : top;', '    }']
        lines += ['    ' + self.loop_header('i', 'n'),
                  '        b[i] = a[i] + total * 0.5 - top;']
        lines += ['    if (again) {', '        #pragma qd loop reduction(+: total)',
                  '        ' + self.loop_header('i', 'n'),
                  '            total += a[i] * 0.25;', '    }']
        lines.append('    count = count + n;')
        lines.append('}')
        u.top.append('\n'.join(lines))
        u.top.append('\n'.join([
            f'#pragma qd kernel{" graph" if self.r.random() < 0.5 else ""}',
            f'void rcall{k}(const double* a, double* b, int n, double& total, double& top, '
            f'int& count)', '{',
            f'    rref{k}(a, b, n, true, total, top, count);',
            '    ' + self.loop_header('i', 'n'),
            '        b[i] = b[i] * 0.5;', '}']))
        size = self.pick([1, 33, 1000])
        u.buffer(f'qa{k}', 'double', size, 'dyadic')
        u.buffer(f'qb{k}', 'double', size, 'zero')
        u.main.append(f'    double qt{k} = 0.25, qp{k} = -100.0;')
        u.main.append(f'    int qc{k} = 0;')
        for _ in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size // 2])
            if self.r.random() < 0.6:
                u.main.append(f'    rref{k}(qa{k}.data(), qb{k}.data(), {n}, '
                              f'{self.pick(["true", "false"])}, qt{k}, qp{k}, qc{k});')
            else:
                u.main.append(f'    rcall{k}(qa{k}.data(), qb{k}.data(), {n}, qt{k}, qp{k}, qc{k});')
        u.scalars += [f'qt{k}', f'qp{k}', f'qc{k}']
        u.outputs.append(f'qb{k}')

    def unit_using_alias(self, u):
        """Kernels named through using-declarations and namespace aliases
        (issue 55, section 1): `using phys::relax; relax(u, n);` in a
        kernel and at namespace scope, `ph::relax(u, n)` with an alias of
        namespace scope and one declared in the kernel, `using namespace`
        in a kernel, a template kernel called the same ways, and host code
        calling them so too."""
        k = u.index
        graph = self.r.random() < 0.4
        u.top.append(f'// unit {k}: kernels named through using-declarations and aliases (issue 55)')
        u.top.append('\n'.join([
            f'namespace phys{k} {{',
            f'#pragma qd kernel{" graph" if self.r.random() < 0.3 else ""}',
            f'void relax{k}(float* u, int n)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        u[i] = u[i] * 0.5f + 0.25f;', '}', '',
            '#pragma qd kernel', 'template <class T>',
            f'void lift{k}(T* u, int n, T by)', '{',
            '    ' + self.loop_header('i', 'n'),
            '        u[i] = u[i] + by;', '}',
            f'}} // namespace phys{k}']))
        u.top.append(f'namespace ph{k} = phys{k};')
        if self.r.random() < 0.5:
            u.top.append(f'using phys{k}::lift{k};')
            lift_plain = f'lift{k}'
        else:
            lift_plain = f'ph{k}::lift{k}'
        calls = [
            [f'    using phys{k}::relax{k};', f'    relax{k}(u, n);'],
            [f'    ph{k}::relax{k}(u, n);'],
            [f'    namespace local = phys{k};', f'    local::lift{k}(u, n, 0.5f);'],
            [f'    {lift_plain}(u, n, 0.25f);'],
            [f'    {lift_plain}<float>(u, n, -0.5f);'],
            [f'    using namespace phys{k};', f'    relax{k}(u, n);'],
        ]
        self.r.shuffle(calls)
        lines = [f'namespace app{k} {{',
                 f'#pragma qd kernel{" graph" if graph else ""}',
                 f'void sweep{k}(float* u, int n)', '{']
        for c in calls[:self.r.randrange(2, len(calls) + 1)]:
            lines += c
        lines += ['}', f'}} // namespace app{k}']
        u.top.append('\n'.join(lines))
        size = self.pick([1, 17, 500])
        u.buffer(f'ua{k}', 'float', size, 'dyadic')
        for _ in range(self.r.randrange(1, 4)):
            n = self.pick([0, 1, size, size // 2])
            form = self.r.randrange(4)
            if form == 0:
                u.main += [f'    {{ using phys{k}::relax{k}; relax{k}(ua{k}.data(), {n}); }}']
            elif form == 1:
                u.main += [f'    ph{k}::lift{k}(ua{k}.data(), {n}, 1.0f);']
            else:
                u.main += [f'    app{k}::sweep{k}(ua{k}.data(), {n});']
        u.outputs.append(f'ua{k}')

    def unit_default_args(self, u):
        """Default arguments from a prototype (issue 55, section 1) naming a
        namespace constant, an enumerator, a scoped enumerator and a
        template parameter (`T a = T(2)`, `int r = R`), the kernels defined
        before or after their callers, called with the default taken from
        another namespace, from host code and from another kernel (a
        template kernel too). `default_template_from_kernel` lets kernels
        take the template parameter's defaults as well (host code always
        does)."""
        k = u.index
        lib = f'lib{k}'
        tmpl_kernel = self.r.random() < 0.7 and self.on('default_template_from_kernel')
        mark_proto = self.r.random() < 0.4
        after = self.r.random() < 0.5
        graph = self.r.random() < 0.4
        # A later declaration adds the defaults to a first one without them.
        late = self.r.random() < 0.3 and self.on('default_late')
        # The caller's namespace has names of its own like the defaults':
        # a default must mean what it means at the callee's declaration.
        decoys = self.r.random() < 0.5
        kp = '#pragma qd kernel\n' if mark_proto else ''
        protos = [f'namespace {lib} {{',
                  f'constexpr float kDefault{k} = 0.5f;',
                  f'enum Mode{k} {{ kHalf{k} = 2, kFull{k} = 4 }};',
                  f'enum class Side{k} {{ left = 1, right = 3 }};']
        if late:
            protos += [f'{kp}void damp{k}(float* u, int n, float f);',
                       f'{kp}void shift{k}(float* u, int n, int m, Side{k} side);',
                       f'void damp{k}(float* u, int n, float f = kDefault{k});',
                       f'void shift{k}(float* u, int n, int m = kFull{k}, Side{k} side = Side{k}::right);']
        else:
            protos += [f'{kp}void damp{k}(float* u, int n, float f = kDefault{k});',
                       f'{kp}void shift{k}(float* u, int n, int m = kFull{k}, Side{k} side = Side{k}::right);']
        protos += [
                  f'{kp}template <class T> void axpby{k}(T* y, const T* x, int n, T a = T(2));',
                  f'{kp}template <class T, int R = 3> void ramp{k}(T* y, int n, int r = R);',
                  f'}} // namespace {lib}']
        defs = [f'namespace {lib} {{',
                '#pragma qd kernel', f'void damp{k}(float* u, int n, float f)', '{',
                '    ' + self.loop_header('i', 'n'), '        u[i] = u[i] * f;', '}', '',
                '#pragma qd kernel', f'void shift{k}(float* u, int n, int m, Side{k} side)', '{',
                '    ' + self.loop_header('i', 'n'),
                '        u[i] = u[i] + static_cast<float>(m * static_cast<int>(side)) * 0.125f;', '}', '',
                '#pragma qd kernel', f'template <class T> void axpby{k}(T* y, const T* x, int n, T a)', '{',
                '    ' + self.loop_header('i', 'n'), '        y[i] = a * x[i] * T(0.5) + y[i] * T(0.5);', '}', '',
                '#pragma qd kernel', f'template <class T, int R> void ramp{k}(T* y, int n, int r)', '{',
                '    ' + self.loop_header('i', 'n'), '        y[i] = y[i] + static_cast<T>(r + R) * T(0.25);', '}',
                f'}} // namespace {lib}']
        calls = [f'    {lib}::damp{k}(u, n);',
                 f'    {lib}::shift{k}(u, n);',
                 f'    {lib}::shift{k}(u, n, {lib}::kHalf{k});']
        if tmpl_kernel:
            calls += [f'    {lib}::axpby{k}(u, v, n);',
                      f'    {lib}::axpby{k}<float>(u, v, n);',
                      f'    {lib}::ramp{k}(u, n);',
                      f'    {lib}::ramp{k}<float, 5>(u, n);']
        else:
            calls += [f'    {lib}::axpby{k}(u, v, n, 2.0f);',
                      f'    {lib}::ramp{k}(u, n, 3);']
        self.r.shuffle(calls)
        caller = [f'namespace app{k} {{']
        if decoys:
            caller += [f'[[maybe_unused]] constexpr float kDefault{k} = 4.0f;',
                       f'[[maybe_unused]] constexpr int kFull{k} = 7;',
                       f'enum class Side{k} {{ left = 5, right = 9 }};']
        caller += [f'#pragma qd kernel{" graph" if graph else ""}',
                  f'void step{k}(float* u, const float* v, int n)', '{']
        caller += calls[:self.r.randrange(2, len(calls) + 1)]
        caller += ['}']
        tcaller = self.r.random() < 0.5
        if tcaller:
            tcalls = [f'    {lib}::axpby{k}(u, v, n);', f'    {lib}::ramp{k}(u, n);'] if tmpl_kernel else \
                     [f'    {lib}::axpby{k}(u, v, n, T(2));', f'    {lib}::ramp{k}(u, n, 1);']
            caller += ['', '#pragma qd kernel', 'template <class T>',
                       f'void tstep{k}(T* u, const T* v, int n)', '{'] + tcalls + ['}']
        caller += [f'}} // namespace app{k}']
        u.top.append(f'// unit {k}: default arguments from prototypes (issue 55)')
        u.top.append('\n'.join(protos))
        if after:
            u.top += ['\n'.join(caller), '\n'.join(defs)]
        else:
            u.top += ['\n'.join(defs), '\n'.join(caller)]
        size = self.pick([1, 33, 700])
        t = self.pick(['float', 'double']) if tcaller else 'float'
        u.buffer(f'da{k}', 'float', size, 'dyadic')
        u.buffer(f'db{k}', 'float', size, 'dyadic')
        if tcaller:
            u.buffer(f'dt{k}', t, size, 'dyadic')
            u.buffer(f'ds{k}', t, size, 'small')
        for _ in range(self.r.randrange(2, 5)):
            n = self.pick([0, 1, size, size // 2])
            form = self.r.randrange(7 if tcaller else 6)
            if form == 0:
                u.main.append(f'    {lib}::damp{k}(da{k}.data(), {n});')
            elif form == 1:
                u.main.append(f'    {lib}::shift{k}(da{k}.data(), {n});')
            elif form == 2:
                u.main.append(f'    {lib}::axpby{k}(da{k}.data(), db{k}.data(), {n});')
            elif form == 3:
                u.main.append(f'    {lib}::ramp{k}<float>(da{k}.data(), {n});')
            elif form == 6:
                u.main.append(f'    app{k}::tstep{k}(dt{k}.data(), ds{k}.data(), {n});')
            else:
                u.main.append(f'    app{k}::step{k}(da{k}.data(), db{k}.data(), {n});')
        u.outputs.append(f'da{k}')
        if tcaller:
            u.outputs.append(f'dt{k}')

    # Built-in types by their spellings (issue 55, section 1): (spelling,
    # class, init kind). Unsigned types start odd and small, so products and
    # sums stay far from int's range after promotion.
    BUILTIN_TYPES = [
        ('signed char', 'int1', 'small'), ('unsigned char', 'uint1', 'odd'),
        ('short', 'int', 'small'), ('short int', 'int', 'small'), ('signed short', 'int', 'small'),
        ('unsigned short', 'uint', 'odd'), ('unsigned short int', 'uint', 'odd'),
        ('int', 'int', 'small'), ('signed', 'int', 'small'), ('unsigned', 'uint', 'odd'),
        ('unsigned int', 'uint', 'odd'), ('long', 'int', 'small'), ('long int', 'int', 'small'),
        ('unsigned long', 'uint', 'odd'), ('long long', 'int', 'small'),
        ('long long int', 'int', 'small'), ('signed long long', 'int', 'small'),
        ('unsigned long long', 'uint', 'odd'), ('unsigned long long int', 'uint', 'odd'),
        ('float', 'float', 'dyadic'), ('double', 'float', 'dyadic'),
        ('long double', 'float', 'dyadic'),
    ]

    SHORT_TYPES = {'short', 'short int', 'signed short', 'unsigned short', 'unsigned short int'}

    def unit_builtin_types(self, u):
        """Every built-in type spelling (issue 55, section 1) in the shapes
        that declare values of the element type: tiled products
        (`tile(on)`, and the default on a nest large enough to tile),
        coarsened nests (`coarsen(N)`) with per-row locals and reductions,
        reductions over the type with a device scalar computed from their
        results (a graph slot in graph mode), and vector loops reducing
        into a local of the type; operands `const` or `const volatile`
        qualified. `long double` only with the `long_double` option (nvcc
        warns that device code treats it as double)."""
        k = u.index
        types = [x for x in self.BUILTIN_TYPES if x[0] != 'long double' or self.on('long_double')]
        shapes = ['product', 'coarsen', 'reduce']
        self.r.shuffle(shapes)
        shapes = shapes[:self.r.randrange(1, 4)]
        u.top.append(f'// unit {k}: built-in type spellings in tiles, coarsened nests and reductions (issue 55)')
        for si, shape in enumerate(shapes):
            t, cls, init = self.pick(types)
            if t == 'long double':
                out_t = 'double'
            else:
                out_t = t
            qual = self.pick(['const ', 'const ', 'const volatile '])
            isfloat = cls == 'float'
            small = cls in ('int1', 'uint1')
            name = f'{shape}{k}_{si}'
            zero = self.lit(t, 0) if isfloat else f'static_cast<{t}>(0)'
            graph = self.r.random() < 0.4
            if shape == 'product':
                acc_t = 'int' if small else t
                tile = self.pick(['', ' tile(on)', ' tile(on)']) if t != 'long double' else ''
                trans = self.r.random() < 0.3
                bread = 'b[j * p + q]' if trans else 'b[q * m + j]'
                if isfloat:
                    store = f'static_cast<{out_t}>(s * {self.lit(t, 0.5)})'
                elif small:
                    store = f'static_cast<{t}>(s % 100)'
                else:
                    store = 's'
                qual_b = self.pick(['const ', 'const volatile '])
                if tile and 'volatile' in qual and 'volatile' in qual_b and not self.on('volatile_tiles'):
                    # tile(on) warns when no operand can be staged (issue 55).
                    qual_b = 'const '
                lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                         f'void {name}(int n, int m, int p, {qual}{t}* a, {qual_b}{t}* b, {out_t}* c)', '{',
                         f'    #pragma qd loop collapse(2){tile}',
                         '    for (int i = 0; i < n; ++i)',
                         '        for (int j = 0; j < m; ++j) {',
                         f'            {acc_t} s = 0;',
                         '            for (int q = 0; q < p; ++q)',
                         f'                s += a[i * p + q] * {bread};',
                         f'            c[i * m + j] = {store};',
                         '        }', '}']
                u.top.append('\n'.join(lines))
                big = self.r.random() < 0.3
                n, m, p = (130, 132, 5) if big else (self.pick([2, 7, 33]), self.pick([2, 9, 40]), self.pick([1, 4, 17]))
                u.buffer(f'{name}_a', t, n * p, init)
                u.buffer(f'{name}_b', t, p * m, init)
                u.buffer(f'{name}_c', out_t, n * m, 'zero')
                dims = [(n, m, p)] + [self.pick([(n, m, p), (1, m, p), (n, m, 0), (n // 2 + 1, m, p)])
                                      for _ in range(self.r.randrange(0, 2))]
                for (dn, dm, dp) in dims:
                    u.main.append(f'    {name}({dn}, {dm}, {dp}, {name}_a.data(), {name}_b.data(), {name}_c.data());')
                u.outputs.append(f'{name}_c')
            elif shape == 'coarsen':
                coarsen = self.pick([' coarsen(2)', ' coarsen(3)', ' coarsen(4)', ''])
                reduce = self.r.random() < 0.6
                if isfloat:
                    expr = self.pick([f'a[at] * {self.lit(t, 0.5)} + a[at - 1]',
                                      f'a[at - nx] + a[at + nx] * {self.lit(t, 0.25)}',
                                      f'(a[at + 1] - a[at]) * {self.lit(t, 0.5)}'])
                    value = f'static_cast<{t}>({expr})'
                else:
                    expr = self.pick(['(a[at] + a[at - 1] - a[at + nx]) & 7', '(a[at - nx] ^ a[at + 1]) & 15',
                                      '(a[at] * 2 + a[at + 1]) % 9'])
                    value = f'static_cast<{t}>({expr})'
                stats_t = 'double' if isfloat else 'long long'
                params = f'{qual}{t}* a, {out_t}* out, int nx, int ny'
                if reduce:
                    params += f', {stats_t}* stats'
                lines = [f'#pragma qd kernel{" graph" if graph else ""}', f'void {name}({params})', '{']
                clause = ''
                # A sum, but an or over 1-byte types, whose sums leave the type.
                op, combine = ('|', 'sum |= v;') if small else ('+', 'sum += v;')
                if reduce:
                    lines += [f'    {t} sum = {zero};',
                              f'    {t} top = {self.lit(t, -1000) if isfloat else zero};']
                    clause = f' reduction({op}: sum) reduction(max: top)'
                lines += [f'    #pragma qd loop collapse(2){coarsen}{clause}',
                          '    ' + self.loop_header('y', 'ny - 1', '1'),
                          '        ' + self.loop_header('x', 'nx - 1', '1') + ' {',
                          '            const long at = static_cast<long>(y) * nx + static_cast<long>(x);',
                          f'            const {t} v = {value};',
                          f'            out[at] = v;' if t != 'long double' else f'            out[at] = static_cast<double>(v);']
                if reduce:
                    lines += [f'            {combine}', '            top = top > v ? top : v;']
                lines += ['        }']
                if reduce:
                    lines += [f'    stats[0] = static_cast<{stats_t}>(sum);',
                              f'    stats[1] = static_cast<{stats_t}>(top);']
                lines.append('}')
                u.top.append('\n'.join(lines))
                # Sums of 2-byte types stay within the type.
                nx, ny = self.pick([(40, 33), (9, 5)] + ([(160, 60)] if t not in self.SHORT_TYPES else []))
                u.buffer(f'{name}_a', t, nx * ny, init)
                u.buffer(f'{name}_o', out_t, nx * ny, 'zero')
                if reduce:
                    u.buffer(f'{name}_s', stats_t, 2, 'zero')
                for (dx, dy) in [(nx, ny)] + [self.pick([(nx, ny), (3, 3), (nx, 2)]) for _ in range(self.r.randrange(0, 2))]:
                    extra = f', {name}_s.data()' if reduce else ''
                    u.main.append(f'    {name}({name}_a.data(), {name}_o.data(), {dx}, {dy}{extra});')
                u.outputs.append(f'{name}_o')
                if reduce:
                    u.outputs.append(f'{name}_s')
            else:  # reduce
                if isfloat:
                    ops = [('+', 'sum += v;', zero), ('min', 'lo = qd::min(lo, v);', self.lit(t, 1000)),
                           ('max', 'hi = v > hi ? v : hi;', self.lit(t, -1000))]
                elif small:
                    ops = [('|', 'sum |= v;', zero), ('min', 'lo = qd::min(lo, v);', f'static_cast<{t}>(100)'),
                           ('max', 'hi = v > hi ? v : hi;', f'static_cast<{t}>(0)')]
                else:
                    ops = [('+', 'sum += v;', zero), ('min', 'lo = qd::min(lo, v);', f'static_cast<{t}>(100)'),
                           ('max', 'hi = v > hi ? v : hi;', f'static_cast<{t}>(-100)' if cls == 'int' else zero)]
                vector = self.r.random() < 0.6
                stats_t = 'double' if isfloat else 'long long'
                lines = [f'#pragma qd kernel{" graph" if graph else ""}',
                         f'void {name}({qual}{t}* a, {out_t}* out, {stats_t}* stats, int n, int rows, int cols)', '{',
                         f'    {t} sum = {ops[0][2]};', f'    {t} lo = {ops[1][2]};', f'    {t} hi = {ops[2][2]};',
                         f'    #pragma qd loop reduction({ops[0][0]}: sum) reduction(min: lo) reduction(max: hi)',
                         '    ' + self.loop_header('i', 'n') + ' {',
                         f'        const {t} v = a[i];',
                         f'        {ops[0][1]}', f'        {ops[1][1]}', f'        {ops[2][1]}', '    }']
                # A device scalar of the type, read by a later loop (a slot in graph mode).
                if isfloat:
                    lines.append(f'    const {t} span = hi - lo;')
                else:
                    lines.append(f'    const {t} span = static_cast<{t}>((hi - lo) & 7);')
                lines += ['    ' + self.loop_header('i', 'n'),
                          f'        out[i] = static_cast<{out_t}>(a[i] + span);',
                          f'    stats[0] = static_cast<{stats_t}>(sum);',
                          f'    stats[1] = static_cast<{stats_t}>(lo);',
                          f'    stats[2] = static_cast<{stats_t}>(hi);']
                if vector:
                    length = self.pick(['', ' vector_length(8)', ' vector_length(32)'])
                    vop, vcomb = ('+', 'acc += a[r * cols + j];') if not small else ('|', 'acc |= a[r * cols + j];')
                    lines += ['    for (int r = 0; r < rows; ++r) {',
                              f'        {t} acc = {zero};',
                              f'        #pragma qd loop vector{length} reduction({vop}: acc)',
                              '        for (int j = 0; j < cols; ++j)',
                              f'            {vcomb}',
                              f'        out[n + r] = static_cast<{out_t}>(acc);',
                              '    }']
                lines.append('}')
                u.top.append('\n'.join(lines))
                size = self.pick([1, 64, 700])
                rows, cols = self.pick([(0, 1), (5, 33), (40, 9)]) if vector else (0, 0)
                u.buffer(f'{name}_a', t, max(size, rows * cols), init)
                u.buffer(f'{name}_o', out_t, size + rows, 'zero')
                u.buffer(f'{name}_s', stats_t, 3, 'zero')
                for _ in range(self.r.randrange(1, 3)):
                    n = self.pick([0, 1, size, size // 2])
                    r = self.pick([rows, rows // 2])
                    u.main.append(f'    {name}({name}_a.data(), {name}_o.data(), {name}_s.data(), {n}, {r}, {cols});')
                u.outputs += [f'{name}_o', f'{name}_s']

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
            index += 1
        # The issue 55 features come after those, each from a generator of
        # its own, in the order of FEATURES; one that is off draws nothing.
        if self.feature_units_only:
            built = []
        for name, (_, share, _) in FEATURES.items():
            if share is None:
                continue
            self.r = random.Random(f'{name} {self.seed}')
            if self.r.random() < share and self.on(name):
                u = Unit(index)
                getattr(self, 'unit_' + name)(u)
                if only is None or index in only:
                    built.append(u)
                index += 1
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
        for name in u.scalars:
            out.append(f'    std::printf("%s%s %a\\n", "{prefix}", "u{u.index}.{name}", '
                       f'static_cast<double>({name}));')
        out.append('    }')
    out.append('}')
    out.append('')
    out.append(f'}} // namespace s{seed}')
    return out


def write_programs(seeds, units=None, only=None, features=None, feature_units_only=False):
    """One translation unit running the programs of \p seeds in order."""
    out = [PRELUDE]
    for seed in seeds:
        g = Gen(seed, features, feature_units_only)
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
    ap.add_argument('--features', default='',
                    help='options on top of the defaults: +name or name turns one on, -name off; '
                         'all, none, default. ' + '; '.join(
                             f'{n} ({"on" if on else "off"}): {what}' for n, (on, _, what) in FEATURES.items()))
    ap.add_argument('--feature-units-only', action='store_true',
                    help="keep only the units of --features' options (a seed's other units are "
                         'drawn but not written)')
    ap.add_argument('--list-features', action='store_true', help='print the options and exit')
    ap.add_argument('-o', '--output', default='-')
    args = ap.parse_args()
    if args.list_features:
        for n, (on, share, what) in FEATURES.items():
            print(f'{n:30} {"on " if on else "off"} {"unit, " + str(share) if share else "option"}: {what}')
        return
    try:
        # QDSMITH_FEATURES first, so that every caller (ctest, the GPU
        # suite's staging) can be switched without changing its command.
        features = parse_features(args.features,
                                  parse_features(os.environ.get('QDSMITH_FEATURES', '')))
    except ValueError as e:
        ap.error(str(e))
    if (args.seed is None) == (args.seeds is None):
        ap.error('give --seed or --seeds')
    seeds = [args.seed] if args.seed is not None else parse_seeds(args.seeds)
    only = None if args.only is None else {int(x) for x in args.only.split(',') if x}
    text = write_programs(seeds, args.units, only, features, args.feature_units_only)
    if args.output == '-':
        sys.stdout.write(text)
    else:
        with open(args.output, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
