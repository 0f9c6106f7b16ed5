#!/usr/bin/env python3
"""Writes the tests of tests/backend_opencl/ whose inputs are large.

    python3 tests/backend_opencl/generate.py     (from the repository root)

Each test has input blocks with thousands of elements, so that the kernels run in several
work-groups and some work-items handle several elements; the expected outputs are computed
here, in Python, independently of Prism (the runner also runs every test with the C
backend). The random inputs come from a fixed seed, so running this again rewrites the
same files. After adding a test, run tests/update-test-list.sh.
"""

import math
import os
import random
import re
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH = 96  # columns of a stanza line

# ------------------------------------------------------------------ Values


def wrap(x, bits, signed=True):
    """x as an integer of `bits` bits that wraps around."""
    x &= (1 << bits) - 1
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x


def i32(x):
    return wrap(x, 32)


def f32(x):
    """x rounded to the nearest f32."""
    return struct.unpack("f", struct.pack("f", x))[0]


def fmt_scalar(x, t):
    if t == "bool":
        return "true" if x else "false"
    if t in ("f32", "f64"):
        if math.isinf(x):
            return ("-" if x < 0 else "") + t + ".inf"
        return repr(float(x)) + t
    return str(x) + t


def fmt_elem(x, t):
    """An element of an array, without a suffix (the reader takes the type of the
    argument; an expected value takes the type of the actual one), to keep files small."""
    if t == "bool":
        return "true" if x else "false"
    if t in ("f32", "f64"):
        if math.isinf(x):
            return ("-" if x < 0 else "") + t + ".inf"
        if float(x).is_integer() and abs(x) < 1e15:
            return "%d.0" % x
        return "%.9g" % x
    return str(x)


def fmt_array(xs, t, shape=None):
    """An array of scalars of type t, nested lists for rank 2; `shape` for empty ones."""
    if shape is None:
        shape = [len(xs)]
        if len(xs) > 0 and isinstance(xs[0], list):
            shape.append(len(xs[0]))
    if 0 in shape:
        return "empty(" + "".join("[%d]" % d for d in shape) + t + ")"
    if len(shape) == 1:
        return "[" + ", ".join(fmt_elem(x, t) for x in xs) + "]"
    return "[" + ", ".join(fmt_array(r, t, shape[1:]) for r in xs) + "]"


def fmt_nested(xsss, t, shape):
    """An array of three dimensions (lists of lists of rows)."""
    if 0 in shape:
        return fmt_array([], t, shape)
    return "[" + ", ".join(fmt_array(xss, t, shape[1:]) for xss in xsss) + "]"


def stanza_lines(keyword, values):
    """`keyword { v1 v2 ... }` cut into comment lines of at most WIDTH columns."""
    text = keyword + " { " + " ".join(values) + " }"
    lines, line = [], "--"
    for word in text.split(" "):
        if len(line) + 1 + len(word) > WIDTH and line != "--":
            lines.append(line)
            line = "--"
        line += " " + word
    lines.append(line)
    return lines


def case(inputs, outputs=None, error=None):
    """An input block with its output block or run-time error."""
    lines = stanza_lines("input", inputs)
    if outputs is not None:
        lines += stanza_lines("output", outputs)
    if error is not None:
        lines.append("-- error: " + error)
    return lines


def write_test(name, comment, stanzas, program):
    """tests/backend_opencl/NAME.dsl: the comment, `-- ==`, the stanzas, the program.
    In the stanzas, `{at:TEXT}` becomes the location of the first TEXT in the program as
    a regular expression (`NAME\\.dsl:LINE:COL`)."""
    out = ["-- " + line if line else "--" for line in comment.strip("\n").split("\n")]
    out.append("-- ==")
    out += stanzas
    first = len(out) + 1
    lines = program.strip("\n").split("\n")
    out += lines

    def location(m):
        for k, line in enumerate(lines):
            col = line.find(m.group(1))
            if col >= 0:
                return "%s\\.dsl:%d:%d" % (name, first + k, col + 1)
        raise ValueError("%s: no %r in the program" % (name, m.group(1)))
    out = [re.sub(r"\{at:([^}]*)\}", location, line) if line.startswith("-- error:")
           else line for line in out]
    with open(os.path.join(HERE, name + ".dsl"), "w") as f:
        f.write("\n".join(out) + "\n")


def ints(rng, n, lo, hi):
    return [rng.randint(lo, hi) for _ in range(n)]


def scan_list(op, neutral, xs):
    out, acc = [], neutral
    for x in xs:
        acc = op(acc, x)
        out.append(acc)
    return out


def reduce_list(op, neutral, xs):
    acc = neutral
    for x in xs:
        acc = op(acc, x)
    return acc


# 2x2 matrices modulo a prime: associative, not commutative.
P_MAT = 30011


def mat_mul(a, b):
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    return ((a0 * b0 + a1 * b2) % P_MAT, (a0 * b1 + a1 * b3) % P_MAT,
            (a2 * b0 + a3 * b2) % P_MAT, (a2 * b1 + a3 * b3) % P_MAT)


# Affine maps x -> a*x + b modulo a prime, composed left to right: associative, not
# commutative.
P_AFF = 10007


def affine(f, g):
    return ((f[0] * g[0]) % P_AFF, (g[0] * f[1] + g[1]) % P_AFF)


# ------------------------------------------------------------------ Tests


def test_map(rng):
    stanzas = ["-- entry: main"]
    for a, n in ((3, 0), (3, 5), (-2, 3000)):
        xs = ints(rng, n, -99, 99)
        ys = [rng.randint(-200, 200) / 4 for _ in range(n)]
        stanzas += case(["%di32" % a, fmt_array(xs, "i32"), fmt_array(ys, "f32")],
                        [fmt_array([i32(a * x - 7) for x in xs], "i32"),
                         fmt_array([y * 0.5 + x for x, y in zip(xs, ys)], "f32")])
    stanzas.append("-- entry: stride")
    xs = ints(rng, 20000, 0, 9)
    stanzas += case([fmt_array(xs, "i32")], [fmt_array([x * 3 - 7 for x in xs], "i32")])
    stanzas.append("-- entry: lookup")
    table = ints(rng, 100, -50, 50)
    idx = ints(rng, 3000, 0, 99)
    stanzas += case([fmt_array(table, "i32"), fmt_array(idx, "i64")],
                    [fmt_array([table[i] * 2 for i in idx], "i32")])
    stanzas.append("-- structure kernels { global 3 group 0 host 0 map 3 }")
    write_test("map", """
Map on OpenCL (the lowering form map): eight elements per work-item and pass of a
grid-stride loop (`stride`: 20000 elements take 10 work-groups of 256 work-items; the
passes after the first are map_vector.dsl's `passes`), four at a time when the arrays are
aligned. A free scalar is a kernel argument; a free array is read by index (`lookup`,
bounds-checked).
""", stanzas, """
entry main [n] (a: i32) (xs: [n]i32) (ys: [n]f32) : ([n]i32, [n]f32) =
  unzip (map2 (\\x y -> (a * x - 7, y * 0.5 + f32.i32 x)) xs ys)
entry stride (xs: []i32) : []i32 = map (\\x -> x * 3 - 7) xs
entry lookup [n][k] (table: [k]i32) (is: [n]i64) : [n]i32 = map (\\i -> table[i] * 2) is
""")


def test_map2(rng):
    stanzas = ["-- entry: main"]
    for c, n, m in ((5, 0, 3), (5, 3, 0), (5, 2, 3), (-3, 40, 100), (7, 1, 3000), (2, 3000, 1)):
        xss = [ints(rng, m, -500, 500) for _ in range(n)]
        out = [[x * 2 + i * c for x in row] for i, row in enumerate(xss)]
        stanzas += case(["%di32" % c, fmt_array(xss, "i32", [n, m])],
                        [fmt_array(out, "i32", [n, m])])
    stanzas.append("-- entry: pairs")
    for n, m in ((2, 2), (60, 50)):
        xss = [[rng.randint(-400, 400) / 4 for _ in range(m)] for _ in range(n)]
        halves = [[x * 0.5 for x in row] for row in xss]
        truncs = [[int(x) for x in row] for row in xss]
        stanzas += case([fmt_array(xss, "f32")],
                        [fmt_array(halves, "f32"), fmt_array(truncs, "i32")])
    stanzas.append("-- structure kernels { global 2 group 0 host 0 map 4 }")
    write_test("map2", """
A map of a map on OpenCL (the lowering form map2): one kernel over the flattened index
space, the outer body's scalar statements (here `b`, from the row's index) recomputed for
every element; empty arrays of either dimension, one long row, many short rows, and two
results of different types.
""", stanzas, """
entry main [n][m] (c: i32) (xss: [n][m]i32) : [n][m]i32 =
  map2 (\\row i -> let b = i32.i64 i * c in map (\\x -> x * 2 + b) row) xss (iota n)
entry pairs [n][m] (xss: [n][m]f32) : ([n][m]f32, [n][m]i32) =
  unzip (map (\\row -> unzip (map (\\x -> (x * 0.5, i32.f32 x)) row)) xss)
""")


def test_reduce(rng):
    sizes = (0, 1, 7, 4000)
    stanzas = ["-- entry: sum"]
    for n in sizes:
        xs = ints(rng, n, -99, 99)
        stanzas += case([fmt_array(xs, "i32")], ["%di32" % sum(xs)])
    stanzas.append("-- entry: sum_i64")
    for n in (0, 3000):
        xs = ints(rng, n, -10**12, 10**12)
        stanzas += case([fmt_array(xs, "i64")], ["%di64" % sum(xs)])
    stanzas.append("-- entry: sum_f32")
    for n in (0, 3000):
        xs = ints(rng, n, -100, 100)
        stanzas += case([fmt_array(xs, "f32")], [fmt_scalar(float(sum(xs)), "f32")])
    stanzas.append("-- entry: lambda_max")
    for n in sizes:
        xs = ints(rng, n, -10**6, 10**6)
        stanzas += case([fmt_array(xs, "i32")], ["%di32" % max(xs + [-2**31])])
    stanzas.append("-- entry: matrices")
    for n in sizes:
        ms = [tuple(ints(rng, 4, 0, P_MAT - 1)) for _ in range(n)]
        r = reduce_list(mat_mul, (1, 0, 0, 1), ms)
        stanzas += case([fmt_array([m[k] for m in ms], "i32") for k in range(4)],
                        ["%di32" % v for v in r])
    stanzas.append("-- structure kernels { global 5 group 0 host 0 reduce 5 }")
    write_test("reduce", """
Reductions on OpenCL (the lowering form reduce: partial results per work-group by a tree
in local memory, then one work-group combines them), with commutative operators (+ on i32,
i64 and f32, exact here) and with operators that are only associative: a lambda computing
the maximum, and the product of 2x2 matrices modulo a prime, on tuples (four
accumulators); its result depends on the order of the elements.
""", stanzas, """
def p : i32 = {p}
def mat_mul (a0: i32, a1: i32, a2: i32, a3: i32) (b0: i32, b1: i32, b2: i32, b3: i32) =
  ((a0 * b0 + a1 * b2) % p, (a0 * b1 + a1 * b3) % p,
   (a2 * b0 + a3 * b2) % p, (a2 * b1 + a3 * b3) % p)
entry sum (xs: []i32) : i32 = reduce (+) 0 xs
entry sum_i64 (xs: []i64) : i64 = reduce (+) 0 xs
entry sum_f32 (xs: []f32) : f32 = reduce (+) 0 xs
entry lambda_max (xs: []i32) : i32 = reduce (\\a b -> if a > b then a else b) i32.lowest xs
entry matrices [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) : (i32, i32, i32, i32) =
  reduce mat_mul (1, 0, 0, 1) (zip4 a b c d)
""".replace("{p}", str(P_MAT)))


def test_redomap(rng):
    stanzas = ["-- entry: main"]
    for n in (0, 7, 3000):
        xs = ints(rng, n, -99, 99)
        ys = [x * x - 3 * x for x in xs]
        stanzas += case([fmt_array(xs, "i32")], ["%di32" % i32(sum(ys)), fmt_array(ys, "i32")])
    stanzas.append("-- entry: argmax")
    for n in (1, 3000):
        xs = ints(rng, n, 0, 50)
        best = max(range(n), key=lambda i: (xs[i] * 7 % 31, -i))
        ys = [x * 7 % 31 for x in xs]
        stanzas += case([fmt_array(xs, "i32")],
                        ["%di32" % ys[best], "%di64" % best, fmt_array(ys, "i32")])
    stanzas.append("-- structure kernels { global 2 group 0 host 0 redomap 2 map 0 }")
    write_test("redomap", """
A map and a reduction over the same input fused into one redomap whose kernel also writes
the map's results (the lowering form reduce with map outputs); `argmax` reduces tuples of
a value and its index with an operator that keeps the first of equal maxima (associative,
not commutative).
""", stanzas, """
entry main (xs: []i32) : (i32, []i32) =
  let ys = map (\\x -> x * x - 3 * x) xs
  in (reduce (+) 0 ys, ys)
entry argmax [n] (xs: [n]i32) : (i32, i64, [n]i32) =
  let ys = map (\\x -> x * 7 % 31) xs
  let (v, i) = reduce (\\(a, i) (b, j) -> if b > a || (b == a && j < i) then (b, j) else (a, i))
                      (i32.lowest, -1) (zip ys (iota n))
  in (v, i, ys)
""")


def test_scan(rng):
    sizes = (0, 1, 7, 3000)
    stanzas = ["-- entry: sum"]
    for n in sizes:
        xs = ints(rng, n, -99, 99)
        stanzas += case([fmt_array(xs, "i32")],
                        [fmt_array(scan_list(lambda a, b: a + b, 0, xs), "i32")])
    stanzas.append("-- entry: sum_f32")
    for n in (0, 3000):
        xs = ints(rng, n, -100, 100)
        stanzas += case([fmt_array(xs, "f32")],
                        [fmt_array([float(v) for v in scan_list(lambda a, b: a + b, 0, xs)],
                                   "f32")])
    stanzas.append("-- entry: lambda_max")
    for n in (7, 3000):
        xs = ints(rng, n, -10**6, 10**6)
        stanzas += case([fmt_array(xs, "i32")],
                        [fmt_array(scan_list(max, -2**31, xs), "i32")])
    stanzas.append("-- entry: affine")
    for n in (0, 7, 3000):
        fs = [(rng.randint(0, P_AFF - 1), rng.randint(0, P_AFF - 1)) for _ in range(n)]
        out = scan_list(affine, (1, 0), fs)
        stanzas += case([fmt_array([f[0] for f in fs], "i32"),
                         fmt_array([f[1] for f in fs], "i32")],
                        [fmt_array([f[0] for f in out], "i32"),
                         fmt_array([f[1] for f in out], "i32")])
    stanzas.append("-- structure kernels { global 4 group 0 host 0 scan 4 }")
    write_test("scan", """
Inclusive scans on OpenCL (the lowering form scan): with + on i32 and f32 (exact here) and
a lambda computing the maximum, one accumulator of 32 bits, in one pass (decoupled
look-back; scan_tiles.dsl has scans of many tiles); and the composition of affine maps
x -> a*x + b modulo a prime on pairs (associative, not commutative: the result depends on
the order of the elements), in three phases: per-group sums, a scan of those sums, then
each group's scan with its carry-in.
""", stanzas, """
def p : i32 = {p}
entry sum (xs: []i32) : []i32 = scan (+) 0 xs
entry sum_f32 (xs: []f32) : []f32 = scan (+) 0 xs
entry lambda_max (xs: []i32) : []i32 = scan (\\a b -> if a > b then a else b) i32.lowest xs
entry affine [n] (a: [n]i32) (b: [n]i32) : ([n]i32, [n]i32) =
  unzip (scan (\\(a1, b1) (a2, b2) -> ((a1 * a2) % p, (a2 * b1 + b2) % p)) (1, 0) (zip a b))
""".replace("{p}", str(P_AFF)))


def test_scanomap(rng):
    stanzas = ["-- entry: main"]
    for n in (0, 7, 3000):
        xs = ints(rng, n, -99, 99)
        ys = [x * 2 + 1 for x in xs]
        stanzas += case([fmt_array(xs, "i32")],
                        [fmt_array(scan_list(lambda a, b: a + b, 0, ys), "i32"),
                         fmt_array(ys, "i32")])
    stanzas.append("-- entry: two")
    for n in (3000,):
        xs = ints(rng, n, 0, 1000)
        ys = [x % 17 for x in xs]
        zs = [x // 17 for x in xs]
        stanzas += case([fmt_array(xs, "i32")],
                        [fmt_array(scan_list(lambda a, b: a + b, 0, ys), "i32"),
                         fmt_array(scan_list(max, 0, zs), "i32"), fmt_array(zs, "i32")])
    stanzas.append("-- structure kernels { global 2 group 0 host 0 scanomap 2 map 0 }")
    write_test("scanomap", """
A map fused into a scan (scanomap) whose kernels also write the map's results (the lowering
form scan with map outputs); `two` scans two mapped arrays at once with different
operators.
""", stanzas, """
entry main (xs: []i32) : ([]i32, []i32) =
  let ys = map (\\x -> x * 2 + 1) xs
  in (scan (+) 0 ys, ys)
entry two [n] (xs: [n]i32) : ([n]i32, [n]i32, [n]i32) =
  let (ys, zs) = unzip (map (\\x -> (x % 17, x / 17)) xs)
  let (s, m) = unzip (scan (\\(a, b) (c, d) -> (a + c, i32.max b d)) (0, 0) (zip ys zs))
  in (s, m, zs)
""")


def test_scatter(rng):
    stanzas = ["-- entry: main"]
    n = 3000
    dest = ints(rng, n, -100, 100)
    targets = list(range(n))
    rng.shuffle(targets)
    targets = (targets[:2500] + ints(rng, 250, -5000, -1) + ints(rng, 250, n, 3 * n)
               + [-2**40, 2**40])
    rng.shuffle(targets)
    vs = ints(rng, len(targets), 1000, 9999)
    out = list(dest)
    for i, v in zip(targets, vs):
        if 0 <= i < n:
            out[i] = v
    stanzas += case([fmt_array(dest, "i32"), fmt_array(targets, "i64"), fmt_array(vs, "i32")],
                    [fmt_array(out, "i32")])
    stanzas += case([fmt_array([1, 2, 3], "i32"), fmt_array([], "i64"), fmt_array([], "i32")],
                    [fmt_array([1, 2, 3], "i32")])
    stanzas.append("-- entry: permute")
    n = 3000
    xs = ints(rng, n, -99, 99)
    out = [0] * n
    for i, x in enumerate(xs):
        out[(i * 7919) % n] = x
    stanzas += case([fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: two_d")
    n, m = 50, 60
    dest = [ints(rng, m, -9, 9) for _ in range(n)]
    cells = [(i, j) for i in range(n) for j in range(m)]
    rng.shuffle(cells)
    cells = cells[:2000]
    cells += [(rng.randint(-100, -1), rng.randint(0, m - 1)) for _ in range(100)]
    cells += [(rng.randint(0, n - 1), rng.randint(m, 200)) for _ in range(100)]
    cells += [(n, 0), (0, m), (-1, -1), (n, m)]
    rng.shuffle(cells)
    vs = ints(rng, len(cells), 100, 999)
    out = [list(r) for r in dest]
    for (i, j), v in zip(cells, vs):
        if 0 <= i < n and 0 <= j < m:
            out[i][j] = v
    stanzas += case([fmt_array(dest, "i32"), fmt_array([c[0] for c in cells], "i64"),
                     fmt_array([c[1] for c in cells], "i64"), fmt_array(vs, "i32")],
                    [fmt_array(out, "i32")])
    stanzas.append("-- structure kernels { global 3 group 0 host 0 scatter 3 map 0 }")
    write_test("scatter", """
Scatter on OpenCL (the lowering form scatter): one work-item per write; indices out of
bounds (negative, past the end, far past either) are skipped; `permute` writes through the
permutation i -> 7919 i mod n made by a map that fusion puts into the scatter; `two_d`
scatters into a 2-D array where either index may be out of bounds.
""", stanzas, """
entry main [n][k] (dest: *[n]i32) (is: [k]i64) (vs: [k]i32) : [n]i32 = scatter dest is vs
entry permute [n] (xs: [n]i32) : [n]i32 =
  scatter (replicate n 0) (map (\\i -> (i * 7919) % n) (iota n)) xs
entry two_d [n][m][k] (dest: *[n][m]i32) (is: [k]i64) (js: [k]i64) (vs: [k]i32) : [n][m]i32 =
  scatter_2d dest (zip is js) vs
""")


def hist_list(op, neutral, k, idx, vs):
    out = [neutral] * k
    for i, v in zip(idx, vs):
        if 0 <= i < k:
            out[i] = op(out[i], v)
    return out


def test_hist(rng):
    stanzas = ["-- entry: main"]
    for k, n in ((17, 4000), (1000, 2000), (3, 0), (0, 5)):
        idx = ints(rng, n, -2, k + 1) if k > 0 else ints(rng, n, -3, 3)
        a = ints(rng, n, -10**5, 10**5)
        b = ints(rng, n, -10**11, 10**11)
        c = ints(rng, n, -100, 100)
        outs = [fmt_array(hist_list(lambda x, y: x + y, 0, k, idx, a), "i32", [k]),
                fmt_array(hist_list(lambda x, y: x + y, 0, k, idx, b), "i64", [k]),
                fmt_array([float(v) for v in hist_list(lambda x, y: x + y, 0, k, idx, c)],
                          "f32", [k]),
                fmt_array(hist_list(min, 2**31 - 1, k, idx, a), "i32", [k]),
                fmt_array(hist_list(max, -2**31, k, idx, a), "i32", [k]),
                fmt_array(hist_list(min, 2**63 - 1, k, idx, b), "i64", [k]),
                fmt_array(hist_list(max, -2**63, k, idx, b), "i64", [k])]
        stanzas += case(["%di64" % k, fmt_array(idx, "i64"), fmt_array(a, "i32"),
                         fmt_array(b, "i64"), fmt_array(c, "f32")], outs)
    stanzas.append("-- entry: into")
    k, n = 20, 3000
    dest = ints(rng, k, -50, 50)
    idx = ints(rng, n, -1, k)
    vs = ints(rng, n, -100, 100)
    out = list(dest)
    for i, v in zip(idx, vs):
        if 0 <= i < k:
            out[i] += v
    stanzas += case([fmt_array(dest, "i32"), fmt_array(idx, "i64"), fmt_array(vs, "i32")],
                    [fmt_array(out, "i32")])
    stanzas.append("-- entry: counts")
    n = 4000
    xs = ints(rng, n, 0, 99)
    counts = [0] * 10
    for x in xs:
        counts[x // 10] += 1
    stanzas += case([fmt_array(xs, "i32")], [fmt_array(counts, "i32")])
    stanzas.append("-- structure kernels { global 9 group 0 host 0 hist 9 }")
    write_test("hist", """
Histograms on OpenCL (the lowering form hist: one work-item per element, combining with
atomics): + on i32, i64 and f32 (small integers, so the sums are exact in any order), min
and max on i32 and i64; indices out of range are skipped; many elements in few bins and
few in many; `into` adds into an array that holds values already (reduce_by_index);
`counts` computes the bin of each element in the kernel (a map fused into the hist).
""", stanzas, """
entry main [n] (k: i64) (is: [n]i64) (a: [n]i32) (b: [n]i64) (c: [n]f32) =
  (hist (+) 0 k is a, hist (+) 0 k is b, hist (+) 0 k is c,
   hist i32.min i32.highest k is a, hist i32.max i32.lowest k is a,
   hist i64.min i64.highest k is b, hist i64.max i64.lowest k is b)
entry into [n][k] (dest: [k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  reduce_by_index (copy dest) (+) 0 is vs
entry counts [n] (xs: [n]i32) : [10]i32 =
  hist (+) 0 10 (map (\\x -> i64.i32 (x / 10)) xs) (replicate n 1)
""")


def test_hist_host(rng):
    stanzas = ["-- entry: main"]
    for k, n in ((13, 3000), (2, 0)):
        idx = ints(rng, n, -1, k)
        a = ints(rng, n, -5, 5)
        b = ints(rng, n, 0, 10**6)
        c = [rng.randint(-4000, 4000) / 8 for _ in range(n)]
        outs = [fmt_array(hist_list(lambda x, y: i32(x * y), 1, k, idx, a), "i32", [k]),
                fmt_array(hist_list(lambda x, y: (x + y) % 1000, 0, k, idx, b), "i32", [k]),
                fmt_array(hist_list(max, -math.inf, k, idx, c), "f32", [k])]
        stanzas += case(["%di64" % k, fmt_array(idx, "i64"), fmt_array(a, "i32"),
                         fmt_array(b, "i32"), fmt_array(c, "f32")], outs)
    stanzas.append("-- structure kernels { global 0 group 0 host 3 hist 3 }")
    write_test("hist_host", """
Histograms whose operator is not an atomic of the device (* on i32, a sum modulo 1000
written as a lambda, max on f32) run on the host, sequentially, and give the same results.
""", stanzas, """
entry main [n] (k: i64) (is: [n]i64) (a: [n]i32) (b: [n]i32) (c: [n]f32) =
  (hist (*) 1 k is a, hist (\\x y -> (x + y) % 1000) 0 k is b, hist f32.max (-f32.inf) k is c)
""")


def test_segred(rng):
    stanzas = ["-- entry: main"]
    for n, m in ((3, 5), (2, 3000), (100, 40), (3000, 2), (0, 5), (4, 0)):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        stanzas += case([fmt_array(xss, "i32", [n, m])],
                        [fmt_array([sum(r) for r in xss], "i32", [n])])
    stanzas.append("-- entry: post")
    for n, m in ((3, 5), (2, 3000), (100, 40)):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        out = [max([x * x % 101 for x in r]) * 2 + 1 for r in xss]
        stanzas += case([fmt_array(xss, "i32", [n, m])], [fmt_array(out, "i32")])
    stanzas.append("-- entry: free")
    for n, m in ((5, 7), (3, 2000), (2000, 3)):
        xs = ints(rng, n, -100, 100)
        ys = ints(rng, m, -100, 100)
        stanzas += case([fmt_array(xs, "i32"), fmt_array(ys, "i32")],
                        [fmt_array([sum(y * x for y in ys) for x in xs], "i32")])
    stanzas.append("-- entry: affine")
    for n, m in ((3, 5), (2, 3000), (50, 40)):
        a = [ints(rng, m, 0, P_AFF - 1) for _ in range(n)]
        b = [ints(rng, m, 0, P_AFF - 1) for _ in range(n)]
        res = [reduce_list(affine, (1, 0), list(zip(ra, rb))) for ra, rb in zip(a, b)]
        stanzas += case([fmt_array(a, "i32"), fmt_array(b, "i32")],
                        [fmt_array([r[0] for r in res], "i32"),
                         fmt_array([r[1] for r in res], "i32")])
    stanzas.append("-- structure kernels { global 8 group 4 host 0 transpose 4 }")
    write_test("segred", """
Segmented reductions on OpenCL (the lowering form segred: a map whose body reduces a row),
whose flat version (one work-item per row) and group version (one work-group per row)
rts_cl_use_group_version chooses at run time: [3][5] and [3000][2] run flat, [2][3000]
(long rows) and [100][40] (rows of 32 or more, and few of them) run in work-groups.
`post` computes with the row's result after the reduction, `free` reduces a free array
rather than a row, `affine` reduces pairs with an operator that is not commutative.
""", stanzas, """
def p : i32 = {p}
entry main [n][m] (xss: [n][m]i32) : [n]i32 = map (\\xs -> reduce (+) 0 xs) xss
entry post [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\xs -> let s = reduce i32.max i32.lowest (map (\\x -> x * x % 101) xs) in s * 2 + 1) xss
entry free [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map (\\x -> reduce (+) 0 (map (\\y -> y * x) ys)) xs
entry affine [n][m] (a: [n][m]i32) (b: [n][m]i32) : ([n]i32, [n]i32) =
  unzip (map2 (\\ra rb -> reduce (\\(a1, b1) (a2, b2) -> ((a1 * a2) % p, (a2 * b1 + b2) % p))
                                 (1, 0) (zip ra rb)) a b)
""".replace("{p}", str(P_AFF)))


def test_loop_kernels(rng):
    stanzas = ["-- entry: main"]
    for k, n in ((0, 5), (5, 3000)):
        xs = ints(rng, n, 0, 999)
        out = list(xs)
        for i in range(k):
            out = [(x * 3 + i) % 1000 for x in out]
        stanzas += case(["%di32" % k, fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: accumulate")
    k, n = 4, 3000
    xs = ints(rng, n, 0, 996)
    ys, s = list(xs), 0
    for i in range(k):
        ys = [(y * 5 + i) % 997 for y in ys]
        s += sum(ys)
    stanzas += case(["%di32" % k, fmt_array(xs, "i32")], [fmt_array(ys, "i32"), "%di32" % s])
    stanzas.append("-- entry: until")
    for limit, n in ((10**6, 3000), (-5, 7)):
        xs = ints(rng, n, 0, 9)
        ys, i = list(xs), 0
        while sum(ys) < limit:
            ys, i = [y * 2 + 1 for y in ys], i + 1
        stanzas += case(["%di32" % limit, fmt_array(xs, "i32")],
                        [fmt_array(ys, "i32"), "%di32" % i])
    stanzas.append("-- entry: update")
    k, n = 6, 3000
    xs = ints(rng, n, 0, 99)
    ys = list(xs)
    for i in range(k):
        ys = [y + 1 for y in ys]
        ys[i * 500] = -1
    stanzas += case(["%di32" % k, fmt_array(xs, "i32")], [fmt_array(ys, "i32")])
    stanzas.append("-- entry: last")
    k, n = 5, 3000
    xs = ints(rng, n, 0, 99)
    ys, s = list(xs), 0
    for i in range(k):
        sc = scan_list(lambda a, b: a + b, 0, ys)
        ys, s = [v % 1000 for v in sc], s + sc[-1]
    stanzas += case(["%di32" % k, fmt_array(xs, "i32")], [fmt_array(ys, "i32"), "%di32" % s])
    stanzas.append("-- structure kernels { global 7 group 0 host 0 }")
    write_test("loop_kernels", """
Loops whose bodies launch kernels: the loop's array is the input of one iteration's kernel
and the output of the previous one (double buffering); a scalar accumulated from each
iteration's reduction; a while loop whose condition is a reduction; an element written on
the host between two kernels (`update`: the device copy must be refreshed); an element of
a kernel's result read on the host in each iteration (`last`).
""", stanzas, """
entry main [n] (k: i32) (xs: [n]i32) : [n]i32 =
  loop xs for i < k do map (\\x -> (x * 3 + i) % 1000) xs
entry accumulate [n] (k: i32) (xs: [n]i32) : ([n]i32, i32) =
  loop (xs, s) = (xs, 0) for i < k do
    let ys = map (\\x -> (x * 5 + i) % 997) xs
    in (ys, s + reduce (+) 0 ys)
entry until [n] (limit: i32) (xs: [n]i32) : ([n]i32, i32) =
  loop (xs, i) = (xs, 0) while reduce (+) 0 xs < limit do (map (\\x -> x * 2 + 1) xs, i + 1)
entry update [n] (k: i32) (xs: *[n]i32) : [n]i32 =
  loop xs for i < k do
    let ys = map (\\x -> x + 1) xs
    in ys with [i64.i32 i * 500] = -1
entry last [n] (k: i32) (xs: [n]i32) : ([n]i32, i32) =
  loop (xs, s) = (xs, 0) for _i < k do
    let ys = scan (+) 0 xs
    in (map (\\y -> y % 1000) ys, s + ys[n - 1])
""")


def test_if_kernels(rng):
    stanzas = ["-- entry: main"]
    for b in (True, False):
        xs = ints(rng, 3000, -100, 100)
        out = [x * 2 + 1 for x in xs] if b else scan_list(lambda a, c: a + c, 0, xs)
        stanzas += case([fmt_scalar(b, "bool"), fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: cond")
    for lo, hi in ((0, 10), (-10, 0)):
        xs = ints(rng, 3000, lo, hi)
        out = [x - 1 for x in xs] if sum(xs) > 100 else [x + 1 for x in xs]
        stanzas += case([fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- structure kernels { global 5 group 0 host 0 }")
    write_test("if_kernels", """
Kernels in the branches of an `if`: only the branch taken runs; in `cond` the condition
is a reduction whose result the host reads to choose.
""", stanzas, """
entry main (b: bool) (xs: []i32) : []i32 = if b then map (\\x -> x * 2 + 1) xs else scan (+) 0 xs
entry cond (xs: []i32) : []i32 =
  if reduce (+) 0 xs > 100 then map (\\x -> x - 1) xs else map (\\x -> x + 1) xs
""")


def test_map_inner(rng):
    stanzas = ["-- entry: main"]
    for k, n, m in ((3, 7, 5), (4, 3000, 50)):
        xs = ints(rng, n, 0, 99)
        ys = ints(rng, m, 0, 99)
        out = []
        for x in xs:
            acc = x
            for i in range(k):
                acc = (acc * 3 + sum(y * x + i for y in ys)) % 10007
            out.append(acc)
        stanzas += case(["%di32" % k, fmt_array(xs, "i32"), fmt_array(ys, "i32")],
                        [fmt_array(out, "i32")])
    stanzas.append("-- entry: rows")
    for n, m in ((3, 4), (500, 30)):
        xss = [ints(rng, m, -50, 50) for _ in range(n)]
        out = [sum(sum(x * j for x in r) for j in range(3)) for r in xss]
        stanzas += case([fmt_array(xss, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: two")
    for n, m, l in ((3000, 20, 30),):
        xs = ints(rng, n, -99, 99)
        ys = ints(rng, m, -99, 99)
        zs = ints(rng, l, -99, 99)
        out = [sum(y * x for y in ys) + max(z - x for z in zs) for x in xs]
        stanzas += case([fmt_array(xs, "i32"), fmt_array(ys, "i32"), fmt_array(zs, "i32")],
                        [fmt_array(out, "i32")])
    stanzas.append("-- entry: search")
    for n, m in ((400, 25),):
        xss = [ints(rng, m, 0, 40) for _ in range(n)]
        t = 7
        out = [r.index(t) if t in r else -1 for r in xss]
        stanzas += case([fmt_array(xss, "i32"), "%di32" % t], [fmt_array(out, "i64")])
    stanzas.append("-- structure kernels { global 6 group 0 host 0 transpose 2 map 4 }")
    write_test("map_inner", """
Maps whose work-items run inner reductions and loops sequentially (the lowering form map
with kernel code that holds redomaps and loops): a reduction over a free array inside a
loop (`main`), reductions over the work-item's row inside a loop (`rows`), two reductions
over different free arrays (`two`), and a loop that reads the row by index (`search`).
""", stanzas, """
entry main [n][m] (k: i32) (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map (\\x -> loop acc = x for i < k do
               (acc * 3 + reduce (+) 0 (map (\\y -> y * x + i) ys)) % 10007) xs
entry rows [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\row -> loop s = 0 for j < 3 do s + reduce (+) 0 (map (\\x -> x * j) row)) xss
entry two [n][m][l] (xs: [n]i32) (ys: [m]i32) (zs: [l]i32) : [n]i32 =
  map (\\x -> reduce (+) 0 (map (\\y -> y * x) ys)
             + reduce i32.max i32.lowest (map (\\z -> z - x) zs)) xs
entry search [n][m] (xss: [n][m]i32) (t: i32) : [n]i64 =
  map (\\row -> loop r = -1 for j < m do if r < 0 && row[j] == t then j else r) xss
""")


def test_f64(rng):
    stanzas = ["-- entry: main"]
    for n in (0, 3000):
        xs = [round(rng.uniform(-5, 5), 6) for _ in range(n)]
        ys = [math.sqrt(x * x + 1) + math.sin(x) * math.exp(-x * x) for x in xs]
        stanzas += case([fmt_array(xs, "f64")],
                        [fmt_array(ys, "f64"), fmt_scalar(math.fsum(ys), "f64"),
                         fmt_array(scan_list(lambda a, b: a + b, 0.0, ys), "f64")])
    stanzas.append("-- entry: hist64")
    k, n = 11, 3000
    idx = ints(rng, n, -1, k)
    xs = [rng.randint(-4000, 4000) / 4 for _ in range(n)]
    stanzas += case(["%di64" % k, fmt_array(idx, "i64"), fmt_array(xs, "f64")],
                    [fmt_array(hist_list(lambda a, b: a + b, 0.0, k, idx, xs), "f64")])
    stanzas.append("-- entry: rows")
    for n, m in ((3, 5), (2, 3000)):
        xss = [[round(rng.uniform(-2, 2), 6) for _ in range(m)] for _ in range(n)]
        stanzas += case([fmt_array(xss, "f64")],
                        [fmt_array([math.fsum(x * x for x in r) for r in xss], "f64")])
    stanzas.append("-- structure kernels { global 5 group 1 host 0 transpose 1 }")
    write_test("f64", """
f64 in kernels: a map with square root, sine and exponential, its sum and its prefix sums,
a histogram with + (an f64 atomic; quarters, so the sums are exact in any order), and sums
of squares of rows (segmented reduction).
""", stanzas, """
entry main (xs: []f64) : ([]f64, f64, []f64) =
  let ys = map (\\x -> f64.sqrt (x * x + 1) + f64.sin x * f64.exp (-x * x)) xs
  in (ys, reduce (+) 0 ys, scan (+) 0 ys)
entry hist64 [n] (k: i64) (is: [n]i64) (xs: [n]f64) : [k]f64 = hist (+) 0 k is xs
entry rows [n][m] (xss: [n][m]f64) : [n]f64 = map (\\r -> reduce (+) 0 (map (\\x -> x * x) r)) xss
""")


def test_bool(rng):
    stanzas = ["-- entry: main"]
    for n, p in ((7, 1.0), (3000, 0.5), (500, 0.001)):
        xs = ints(rng, n, 0, 9)
        bs = [rng.random() < p for _ in range(n)]
        stanzas += case([fmt_array(xs, "i32"), fmt_array(bs, "bool")],
                        [fmt_array([x > 3 for x in xs], "bool"),
                         fmt_array([b and x % 2 == 0 for x, b in zip(xs, bs)], "bool"),
                         fmt_scalar(all(bs), "bool"), fmt_scalar(any(bs), "bool"),
                         fmt_array(scan_list(lambda a, b: a != b, False, bs), "bool"),
                         "%di32" % sum(bs)])
    stanzas.append("-- entry: flags")
    n = 3000
    idx = ints(rng, 700, -10, n + 10)
    out = [False] * n
    for i in idx:
        if 0 <= i < n:
            out[i] = True
    stanzas += case(["%di64" % n, fmt_array(idx, "i64")], [fmt_array(out, "bool")])
    stanzas.append("-- entry: rows")
    for n, m in ((3, 5), (2, 3000), (3000, 2)):
        bss = [[rng.random() < 0.3 / m for _ in range(m)] for _ in range(n)]
        stanzas += case([fmt_array(bss, "bool")], [fmt_array([any(r) for r in bss], "bool")])
    stanzas.append("-- structure kernels { group 1 host 0 }")
    write_test("bool", """
Arrays of bool into and out of kernels (one byte an element on both sides): maps to and
from bool, reductions with && and ||, a scan with != (exclusive or), the count of true
elements, a scatter of true into an array of false, and || over rows.
""", stanzas, """
entry main [n] (xs: [n]i32) (bs: [n]bool) : ([n]bool, [n]bool, bool, bool, [n]bool, i32) =
  (map (\\x -> x > 3) xs, map2 (\\x b -> b && x % 2 == 0) xs bs,
   reduce (&&) true bs, reduce (||) false bs, scan (!=) false bs,
   reduce (+) 0 (map (\\b -> if b then 1 else 0) bs))
entry flags [k] (n: i64) (is: [k]i64) : [n]bool = scatter (replicate n false) is (replicate k true)
entry rows [n][m] (bss: [n][m]bool) : [n]bool = map (\\r -> reduce (||) false r) bss
""")


def test_small_ints(rng):
    stanzas = ["-- entry: i8s"]
    for n in (7, 3000):
        xs = ints(rng, n, -128, 127)
        stanzas += case([fmt_array(xs, "i8")],
                        [fmt_array([wrap(x * 3 + 1, 8) for x in xs], "i8"),
                         "%di8" % wrap(sum(xs), 8),
                         fmt_array([wrap(v, 8) for v in scan_list(lambda a, b: a + b, 0, xs)],
                                   "i8"),
                         fmt_array(list(reversed(xs)), "i8")])
    stanzas.append("-- entry: u16s")
    for k, n in ((9, 3000),):
        idx = ints(rng, n, -1, k)
        xs = ints(rng, n, 0, 65535)
        stanzas += case(["%di64" % k, fmt_array(idx, "i64"), fmt_array(xs, "u16")],
                        [fmt_array([wrap(x * 7 + 3, 16, False) for x in xs], "u16"),
                         "%du16" % wrap(sum(xs), 16, False),
                         fmt_array([wrap(v, 16, False) for v in
                                    hist_list(lambda a, b: a + b, 0, k, idx, xs)], "u16"),
                         fmt_array(scan_list(max, 0, xs), "u16"),
                         "%du16" % min(xs)])
    stanzas.append("-- entry: rows8")
    for n, m in ((3, 5), (2, 3000)):
        xss = [ints(rng, m, -128, 127) for _ in range(n)]
        stanzas += case([fmt_array(xss, "i8")], [fmt_array([wrap(sum(r), 8) for r in xss], "i8")])
    stanzas.append("-- structure kernels { group 1 host 1 hist 1 }")
    write_test("small_ints", """
i8 and u16 elements in kernels, where arithmetic wraps around: maps, sums, prefix sums, a
scatter that reverses an array of bytes (neighbouring work-items write neighbouring
bytes), maxima and minima of u16, sums of rows of i8 (segmented reduction); the hist with +
on u16 has no atomic and runs on the host.
""", stanzas, """
entry i8s [n] (xs: [n]i8) : ([n]i8, i8, [n]i8, [n]i8) =
  (map (\\x -> x * 3 + 1) xs, reduce (+) 0 xs, scan (+) 0 xs,
   scatter (replicate n 0) (map (\\i -> n - 1 - i) (iota n)) xs)
entry u16s [n] (k: i64) (is: [n]i64) (xs: [n]u16) : ([n]u16, u16, [k]u16, [n]u16, u16) =
  (map (\\x -> x * 7 + 3) xs, reduce (+) 0 xs, hist (+) 0 k is xs, scan u16.max 0 xs,
   reduce u16.min u16.highest xs)
entry rows8 [n][m] (xss: [n][m]i8) : [n]i8 = map (\\r -> reduce (+) 0 r) xss
""")


def one_bad(rng, n, good, bad, at):
    """n values from `good` (a range), with `bad` at position `at`."""
    xs = [rng.choice(good) for _ in range(n)]
    xs[at] = bad
    return xs


def test_error_index(rng):
    table = ints(rng, 5, -9, 9)
    stanzas = ["-- entry: main"]
    idx = ints(rng, 3000, 0, 4)
    stanzas += case([fmt_array(table, "i32"), fmt_array(idx, "i64")],
                    [fmt_array([table[i] + 1 for i in idx], "i32")])
    for bad in (7, -1):
        idx = one_bad(rng, 3000, range(5), bad, 2500)
        stanzas += case([fmt_array(table, "i32"), fmt_array(idx, "i64")],
                        error=r"{at:table[i] + 1}: error: index \[%d\] out of bounds for array of "
                              r"shape \[5\]$" % bad)
    idx = one_bad(rng, 3000, range(5), 5, 17)
    idx[2900] = -3
    stanzas += case([fmt_array(table, "i32"), fmt_array(idx, "i64")],
                    error=r"{at:table[i] + 1}: error: index \[(5|-3)\] out of bounds for array "
                          r"of shape \[5\]$")
    stanzas.append("-- entry: in_reduce")
    idx = one_bad(rng, 3000, range(5), 5, 1234)
    stanzas += case([fmt_array(table, "i32"), fmt_array(idx, "i64")],
                    error=r"{at:table[i])}: error: index \[5\] out of bounds for array of "
                          r"shape \[5\]$")
    stanzas.append("-- entry: in_rows")
    xss = [ints(rng, 10, 0, 9) for _ in range(40)]
    js = one_bad(rng, 40, range(10), 10, 33)
    stanzas += case([fmt_array(xss, "i32"), fmt_array(js, "i64")],
                    error=r"{at:row[j]}: error: index \[10\] out of bounds for array of "
                          r"shape \[10\]$")
    stanzas.append("-- entry: in_segred")
    for n, m, at in ((3, 5, 2), (2, 3000, 1)):
        xss = [ints(rng, m, 0, 9) for _ in range(n)]
        js = one_bad(rng, n, range(m), m + 2, at)
        stanzas += case([fmt_array(xss, "i32"), fmt_array(js, "i64")],
                        error=r"{at:row[j] +}: error: index \[%d\] out of bounds for array of "
                              r"shape \[%d\]$" % (m + 2, m))
    write_test("error_index", """
An index out of bounds inside a kernel fails the entry point (status 1) with the message
of the C backend: the location of the indexed expression, the index and the shape; the
failing element is late in the array (in a later work-group) or is one of two (either
message may win); in a map, in a reduction's map, in a map reading rows, and in a
segmented reduction (flat version for [3][5], group version for [2][3000]).
""", stanzas, """
entry main [n][k] (table: [k]i32) (is: [n]i64) : [n]i32 = map (\\i -> table[i] + 1) is
entry in_reduce [n][k] (table: [k]i32) (is: [n]i64) : i32 = reduce (+) 0 (map (\\i -> table[i]) is)
entry in_rows [n][m] (xss: [n][m]i32) (js: [n]i64) : [n]i32 = map2 (\\row j -> row[j] * 2) xss js
entry in_segred [n][m] (xss: [n][m]i32) (js: [n]i64) : [n]i32 =
  map2 (\\row j -> row[j] + reduce (+) 0 row) xss js
""")


def test_error_div(rng):
    stanzas = ["-- entry: main"]
    xs = ints(rng, 3000, 1, 50)
    stanzas += case([fmt_array(xs, "i32")], [fmt_array([1000 // x for x in xs], "i32")])
    stanzas += case([fmt_array(one_bad(rng, 3000, range(1, 50), 0, 2999), "i32")],
                    error=r"{at:1000 / x}: error: division by zero$")
    stanzas.append("-- entry: in_reduce")
    stanzas += case([fmt_array(one_bad(rng, 3000, range(1, 50), 0, 1500), "i64")],
                    error=r"{at:1000 % x}: error: division by zero$")
    stanzas.append("-- entry: in_scan")
    stanzas += case([fmt_array(one_bad(rng, 3000, range(1, 60000), 0, 2000), "u16")],
                    error=r"{at:60000 / x}: error: division by zero$")
    stanzas.append("-- entry: in_segred")
    for n, m in ((3, 5), (2, 3000)):
        xss = [ints(rng, m, 1, 9) for _ in range(n)]
        xss[n - 1][m - 2] = 0
        stanzas += case([fmt_array(xss, "i32")], error=r"{at:10 / x}: error: division by zero$")
    write_test("error_div", """
Integer division by zero inside a kernel fails the entry point (status 1) with "division
by zero" at the operator's expression: in a map, in the map of a reduction (%), of a scan
(on u16), and of a segmented reduction (flat and group versions).
""", stanzas, """
entry main (xs: []i32) : []i32 = map (\\x -> 1000 / x) xs
entry in_reduce (xs: []i64) : i64 = reduce (+) 0 (map (\\x -> 1000 % x) xs)
entry in_scan (xs: []u16) : []u16 = scan (+) 0 (map (\\x -> 60000 / x) xs)
entry in_segred [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\r -> reduce (+) 0 (map (\\x -> 10 / x) r)) xss
""")


def test_error_assert(rng):
    stanzas = ["-- entry: main"]
    xs = ints(rng, 3000, 0, 50)
    stanzas += case([fmt_array(xs, "i32")], [fmt_array([x * 2 for x in xs], "i32")])
    stanzas += case([fmt_array(one_bad(rng, 3000, range(0, 50), -4, 2600), "i32")],
                    error=r"{at:x >= 0}: error: assertion failed: x >= 0$")
    stanzas.append("-- entry: in_scan")
    stanzas += case([fmt_array(one_bad(rng, 3000, range(0, 50), 100, 2100), "i32")],
                    error=r"{at:x < 100}: error: assertion failed: x < 100$")
    stanzas.append("-- entry: in_hist")
    stanzas += case([fmt_array(one_bad(rng, 3000, range(0, 4), 4, 2222), "i64")],
                    error=r"{at:i < 4}: error: assertion failed: i < 4$")
    stanzas.append("-- entry: in_segred")
    for n, m in ((3, 5), (2, 3000)):
        xss = [ints(rng, m, 1, 9) for _ in range(n)]
        xss[n - 1][m - 1] = 0
        stanzas += case([fmt_array(xss, "i32")],
                        error=r"{at:x != 0}: error: assertion failed: x != 0$")
    write_test("error_assert", """
A failed assert inside a kernel fails the entry point (status 1) with "assertion failed" and
the condition's text, at the condition: in a map, in the map of a scan, in the map of a hist,
and in a segmented reduction (flat and group versions).
""", stanzas, """
entry main (xs: []i32) : []i32 = map (\\x -> assert (x >= 0) (x * 2)) xs
entry in_scan (xs: []i32) : []i32 = scan (+) 0 (map (\\x -> assert (x < 100) x) xs)
entry in_hist [n] (is: [n]i64) : [4]i32 =
  hist (+) 0 4 (map (\\i -> assert (i < 4) i) is) (replicate n 1)
entry in_segred [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\r -> reduce (+) 0 (map (\\x -> assert (x != 0) x) r)) xss
""")


def test_neutral_variable(rng):
    stanzas = []
    xs = ints(rng, 3000, -99, 99)
    for entry, outs in (("reduce_ne", ["%di32" % sum(xs)]),
                        ("redomap_ne", ["%di32" % sum(2 * x for x in xs)]),
                        ("scan_ne", [fmt_array(scan_list(lambda a, b: a + b, 0, xs), "i32")]),
                        ("scanomap_ne",
                         [fmt_array(scan_list(lambda a, b: a + b, 0, [2 * x for x in xs]),
                                    "i32")])):
        stanzas.append("-- entry: " + entry)
        stanzas += case(["0i32", fmt_array(xs, "i32")], outs)
    stanzas.append("-- entry: element_ne")
    stanzas += case([fmt_array([0] + xs, "i32")], ["%di32" % sum(xs)])
    stanzas.append("-- entry: hist_ne")
    k = 7
    idx = ints(rng, 3000, -1, k)
    stanzas += case(["0i32", "%di64" % k, fmt_array(idx, "i64"), fmt_array(xs, "i32")],
                    [fmt_array(hist_list(lambda a, b: a + b, 0, k, idx, xs), "i32")])
    stanzas.append("-- entry: segred_ne")
    for n, m in ((3, 5), (2, 3000)):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        stanzas += case(["0i32", fmt_array(xss, "i32")], [fmt_array([sum(r) for r in xss], "i32")])
    stanzas.append("-- structure kernels { global 8 group 1 host 0 transpose 1 }")
    write_test("neutral_variable", """
Reductions and scans whose neutral element is a variable (an argument, or an element read
on the host) rather than a constant: the kernels must receive it as an argument. (As of
the first OpenCL backend, the kernels of a top-level reduce, redomap, scan and scanomap
with a variable neutral element do not build, "use of undeclared identifier", so that
every entry point of this file fails on OpenCL; hist and segred pass.)
""", stanzas, """
entry reduce_ne (z: i32) (xs: []i32) : i32 = reduce (+) z xs
entry redomap_ne (z: i32) (xs: []i32) : i32 = reduce (+) z (map (\\x -> x * 2) xs)
entry scan_ne (z: i32) (xs: []i32) : []i32 = scan (+) z xs
entry scanomap_ne (z: i32) (xs: []i32) : []i32 = scan (+) z (map (\\x -> x * 2) xs)
entry element_ne (xs: []i32) : i32 = reduce (+) xs[0] xs
entry hist_ne [n] (z: i32) (k: i64) (is: [n]i64) (xs: [n]i32) : [k]i32 = hist (+) z k is xs
entry segred_ne [n][m] (z: i32) (xss: [n][m]i32) : [n]i32 = map (\\r -> reduce (+) z r) xss
""")


def transposed(xss, cols):
    """The transpose of a list of rows of `cols` elements."""
    return [[r[j] for r in xss] for j in range(cols)]


def test_transpose(rng):
    stanzas = ["-- entry: f32s"]
    for n, m in ((3, 70), (33, 1), (0, 5), (5, 0), (1, 1), (70, 45)):
        xss = [[round(rng.uniform(-9, 9), 3) for _ in range(m)] for _ in range(n)]
        out = transposed([[f32(f32(x) * 2) for x in r] for r in xss], m)
        stanzas += case([fmt_array(xss, "f32", [n, m])], [fmt_array(out, "f32", [m, n])])
    stanzas.append("-- entry: i64s")
    for n, m in ((37, 65), (2, 3)):
        xss = [ints(rng, m, -10**12, 10**12) for _ in range(n)]
        out = transposed([[x * 3 + 1 for x in r] for r in xss], m)
        stanzas += case([fmt_array(xss, "i64")], [fmt_array(out, "i64")])
    stanzas.append("-- entry: bools")
    for n, m in ((33, 40), (5, 1)):
        bss = [[rng.random() < 0.5 for _ in range(m)] for _ in range(n)]
        out = transposed([[not b for b in r] for r in bss], m)
        stanzas += case([fmt_array(bss, "bool")], [fmt_array(out, "bool")])
    stanzas.append("-- entry: host")
    for n, m in ((40, 33), (0, 3)):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        stanzas += case([fmt_array(xss, "i32", [n, m])],
                        [fmt_array(transposed(xss, m), "i32", [m, n])])
    stanzas.append("-- entry: inner")
    for a, n, m in ((3, 37, 5), (2, 33, 40), (2, 0, 3)):
        xsss = [[[round(rng.uniform(-9, 9), 3) for _ in range(m)] for _ in range(n)]
                for _ in range(a)]
        out = [transposed(xss, m) for xss in xsss]
        stanzas += case([fmt_nested(xsss, "f32", [a, n, m])], [fmt_nested(out, "f32", [a, m, n])])
    stanzas.append("-- entry: outer")
    for a, n, m in ((3, 37, 5), (4, 2, 33)):
        xsss = [[ints(rng, m, -10**12, 10**12) for _ in range(n)] for _ in range(a)]
        out = [[xsss[i][j] for i in range(a)] for j in range(n)]
        stanzas += case([fmt_nested(xsss, "i64", [a, n, m])], [fmt_nested(out, "i64", [n, a, m])])
    stanzas.append("-- entry: feed")
    for k, n in ((3, 40), (2, 33), (1, 1)):
        xss = [ints(rng, n, 0, 999) for _ in range(n)]
        a = xss
        for i in range(k):
            a = transposed([[(x * 3 + i) % 1000 for x in r] for r in a], n)
        stanzas += case(["%di32" % k, fmt_array(xss, "i32")], [fmt_array(a, "i32")])
    stanzas.append("-- entry: both")
    for n, m in ((45, 70), (1, 33)):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        t = transposed([[x + 1 for x in r] for r in xss], m)
        stanzas += case([fmt_array(xss, "i32")],
                        [fmt_array(t, "i32"), fmt_array([sum(r) for r in t], "i32")])
    stanzas.append("-- structure kernels { global 14 group 1 host 0 transpose 8 }")
    write_test("transpose", """
Transposes on the device (the lowering form transpose: a tiled copy through local memory,
or a gather when the innermost dimension stays): of arrays that kernels made, of f32, i64
and bool, square or not, with sizes that are not multiples of the tiles' 32, and empty;
of an array straight from the host (`host`); of the inner two dimensions of a
three-dimensional array (`inner`, a map of transpose) and of its outer two (`outer`, a
gather); in a loop, where the next iteration's map2 kernel reads it (`feed`); and both
returned and reduced (`both`, whose reduction reads the array it transposes instead).
Every result is read back by the host.
""", stanzas, """
entry f32s [n][m] (xss: [n][m]f32) : [m][n]f32 = transpose (map (map (\\x -> x * 2)) xss)
entry i64s [n][m] (xss: [n][m]i64) : [m][n]i64 = transpose (map (map (\\x -> x * 3 + 1)) xss)
entry bools [n][m] (bss: [n][m]bool) : [m][n]bool = transpose (map (map (\\b -> !b)) bss)
entry host [n][m] (xss: [n][m]i32) : [m][n]i32 = transpose xss
entry inner [a][n][m] (xsss: [a][n][m]f32) : [a][m][n]f32 = map transpose xsss
entry outer [a][n][m] (xsss: [a][n][m]i64) : [n][a][m]i64 = transpose xsss
entry feed [n] (k: i32) (xss: [n][n]i32) : [n][n]i32 =
  loop (a: [n][n]i32) = xss for i < k do transpose (map (map (\\x -> (x * 3 + i) % 1000)) a)
entry both [n][m] (xss: [n][m]i32) : ([m][n]i32, [m]i32) =
  let t = transpose (map (map (+ 1)) xss) in (t, map (\\r -> reduce (+) 0 r) t)
""")


def test_coalesce(rng):
    stanzas = ["-- entry: rows"]
    for n, m in ((600, 24), (3, 70), (0, 5), (700, 1)):
        xss = [ints(rng, m, 0, 999) for _ in range(n)]
        out = []
        for r in xss:
            acc = 0
            for x in r:
                acc = (acc * 31 + x) % 1000003
            out.append(acc)
        stanzas += case([fmt_array(xss, "i32", [n, m])], [fmt_array(out, "i32", [n])])
    stanzas.append("-- entry: sums")
    for n, m in ((600, 20), (3, 5), (4, 0)):
        xss = [ints(rng, m, -999, 999) for _ in range(n)]
        stanzas += case([fmt_array(xss, "i32", [n, m])], [fmt_array([sum(r) for r in xss], "i32")])
    stanzas.append("-- entry: weighted")
    for n, m in ((520, 17), (2, 3)):
        xss = [[round(rng.uniform(-9, 9), 2) for _ in range(m)] for _ in range(n)]
        out = []
        for r in xss:
            s = 0.0
            for j, x in enumerate(r):
                s = f32(s + f32(f32(x) * (j + 1)))
            out.append(s)
        stanzas += case([fmt_array(xss, "f32")], [fmt_array(out, "f32")])
    stanzas.append("-- entry: count")
    for n, m in ((600, 64), (2, 3)):
        bss = [[rng.random() < 0.3 for _ in range(m)] for _ in range(n)]
        stanzas += case([fmt_array(bss, "bool")], [fmt_array([sum(r) for r in bss], "i32")])
    stanzas.append("-- entry: search")
    for n, m in ((600, 9),):
        xss = [ints(rng, m, 0, 20) for _ in range(n)]
        out = [r.index(7) if 7 in r else -1 for r in xss]
        stanzas += case([fmt_array(xss, "i64"), "7i64"], [fmt_array(out, "i64")])
    stanzas.append("-- entry: free")
    for n, m in ((530, 16), (3, 4)):
        xss = [ints(rng, m, 0, 10**6) for _ in range(n)]
        out = []
        for r in xss:
            acc = 0
            for j, x in enumerate(r):
                acc ^= x * (j + 1)
            out.append(acc)
        stanzas += case([fmt_array(xss, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: ends")
    for n, m in ((600, 30),):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        stanzas += case([fmt_array(xss, "i32")], [fmt_array([r[0] * 2 + r[-1] for r in xss],
                                                            "i32")])
    stanzas.append("-- entry: fixed")
    for n, m in ((600, 30),):
        xss = [ints(rng, m, -99, 99) for _ in range(n)]
        out = []
        for r in xss:
            acc = 0
            for _ in range(3):
                acc = acc * 3 + r[1]
            out.append(acc)
        stanzas += case([fmt_array(xss, "i32"), "3i32"], [fmt_array(out, "i32")])
    stanzas.append("-- structure kernels { global 14 group 1 host 0 transpose 6 }")
    write_test("coalesce", """
Coalescing transposes (Note [coalescing transposes] in src/lower/coalesce.c): map kernels,
and the flat version of a segmented reduction (`sums`), whose work-items walk their rows
in loops or reductions read them through a transposed copy when it pays (on GPUs, for
many rows of 256 bytes or more: rts_cl_coalesce). Rows of i32, f32, bool and i64, and a
free array read at the work-item's index (`free`); the larger inputs take several
work-groups and tiles. `ends` and `fixed` read their rows only at indices that do not
change in a loop, and get no transpose. tests/backend_opencl/versions.sh runs every
entry point with PRISM_TRANSPOSE=always (which PoCL's CPU devices never choose) and
=never as well.
""", stanzas, """
entry rows [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\row -> loop acc = 0 for j < m do (acc * 31 + row[j]) % 1000003) xss
entry sums [n][m] (xss: [n][m]i32) : [n]i32 = map (\\row -> reduce (+) 0 row) xss
entry weighted [n][m] (xss: [n][m]f32) : [n]f32 =
  map (\\row -> loop s = 0 for j < m do s + row[j] * f32.i64 (j + 1)) xss
entry count [n][m] (bss: [n][m]bool) : [n]i32 =
  map (\\r -> loop c = 0 for j < m do if r[j] then c + 1 else c) bss
entry search [n][m] (xss: [n][m]i64) (t: i64) : [n]i64 =
  map (\\row -> loop r = -1 for j < m do if r < 0 && row[j] == t then j else r) xss
entry free [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\\i -> loop acc = 0 for j < m do acc ^ (xss[i, j] * (i32.i64 j + 1))) (iota n)
entry ends [n][m] (xss: [n][m]i32) : [n]i32 = map (\\row -> row[0] * 2 + row[m - 1]) xss
entry fixed [n][m] (xss: [n][m]i32) (k: i32) : [n]i32 =
  map (\\row -> loop acc = 0 for i < k do acc * 3 + row[1]) xss
""")


# ------------------------------------------------------------------ Private arrays


def fmod(x, m):
    """Futhark's % on integers: the sign of the divisor (Python's %)."""
    return x % m


def isort4(v):
    v = list(v)
    for i in range(3):
        j = i + 1
        while j > 0 and v[j - 1] > v[j]:
            v[j - 1], v[j] = v[j], v[j - 1]
            j -= 1
    return v


def test_private(rng):
    stanzas = ["-- entry: lookup"]
    for n in (0, 3000):
        xs = ints(rng, n, -50, 50)
        stanzas += case([fmt_array(xs, "i64")], [fmt_array([[3, 1, 4, 1, 5][x % 5] for x in xs],
                                                           "i32")])
    stanzas.append("-- entry: lookup2")
    table = [[2, 7, 1], [8, 2, 8], [1, 8, 2], [8, 4, 5]]
    xs, ys = ints(rng, 3000, -99, 99), ints(rng, 3000, -99, 99)
    stanzas += case([fmt_array(xs, "i64"), fmt_array(ys, "i64")],
                    [fmt_array([table[i % 4][j % 3] + table[j % 4][i % 3] * 10
                                for i, j in zip(xs, ys)], "i64")])
    stanzas.append("-- entry: hist4")
    for k, n in ((0, 5), (3, 7), (21, 3000)):
        xs = ints(rng, n, -1000, 1000)
        out = []
        for x in xs:
            h = [0] * 4
            for j in range(k):
                h[(x * 7 + j * 3) % 4] += 1
            out.append(h[0] + h[1] * 10 + h[2] * 100 + h[3] * 1000)
        stanzas += case(["%di64" % k, fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: isort")
    for n in (4, 3000):
        cols = [ints(rng, n, -9, 9) for _ in range(4)]
        sorted_rows = [isort4(r) for r in zip(*cols)]
        stanzas += case([fmt_array(c, "i32") for c in cols],
                        [fmt_array([r[k] for r in sorted_rows], "i32") for k in range(4)])
    stanzas.append("-- entry: flags")
    limits = [10, 20, 30, 40, 45, 5, 15, 25, 35, 0, 49, 1, 2, 3, 4, 6, 7, 8]
    xs = ints(rng, 3000, -10**12, 10**12)
    seen_x, counts, bigs = [], [], []
    for x in xs:
        seen = [False] * 8
        for j in range(x % 13):
            seen[(x * j) % 8] = True
        seen_x.append(seen[x % 8])
        counts.append(sum(seen))
        bigs.append(limits[x % 18] > x % 50)
    stanzas += case([fmt_array(xs, "i64")],
                    [fmt_array(seen_x, "bool"), fmt_array(counts, "i64"),
                     fmt_array(bigs, "bool")])
    stanzas.append("-- structure kernels { global 5 group 0 host 0 map 6 loop 4 }")
    write_test("private", """
Small arrays of constant size that kernel code makes are private arrays, one variable
per element of a work-item (Note [private arrays] in src/lower/kernel_code.c), so these maps
are kernels: a lookup table (an array literal) read at a run-time index, of one and of
two dimensions (i64); a histogram of 4 bins per element, updated in a loop at run-time
indices; an insertion sort of 4 values (a while loop swapping neighbours at run-time
indices); flags (bool) set in a loop, counted, and compared by an inner map of width 18
over a literal (not unrolled by the simplifier, which unrolls up to 16).
""", stanzas, """
entry lookup [n] (is: [n]i64) : [n]i32 = map (\\i -> [3, 1, 4, 1, 5][i % 5]) is
entry lookup2 [n] (is: [n]i64) (js: [n]i64) : [n]i64 =
  map2 (\\i j -> let t = [[2i64, 7, 1], [8, 2, 8], [1, 8, 2], [8, 4, 5]]
                in t[i % 4][j % 3] + t[j % 4, i % 3] * 10) is js
entry hist4 [n] (k: i64) (xs: [n]i32) : [n]i32 =
  map (\\x ->
    let h = loop h = replicate 4 0i32 for j < k do
      let b = i64.i32 ((x * 7 + i32.i64 j * 3) % 4)
      in h with [b] = h[b] + 1
    in h[0] + h[1] * 10 + h[2] * 100 + h[3] * 1000) xs
entry isort [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32)
    : ([n]i32, [n]i32, [n]i32, [n]i32) =
  unzip4 (map4 (\\a b c d ->
    let v = [a, b, c, d]
    let v = loop v for i < 3 do
      let (v, _) = loop (v, j) = (v, i + 1) while j > 0 && v[j - 1] > v[j] do
        let t = v[j] in (v with [j] = v[j - 1] with [j - 1] = t, j - 1)
      in v
    in (v[0], v[1], v[2], v[3])) a b c d)
entry flags [n] (xs: [n]i64) : ([n]bool, [n]i64, [n]bool) =
  unzip3 (map (\\x ->
    let seen = loop seen = replicate 8 false for j < x % 13 do seen with [(x * j) % 8] = true
    let count = loop c = 0i64 for j < 8 do if seen[j] then c + 1 else c
    let big = map (\\v -> v > x % 50) [10i64, 20, 30, 40, 45, 5, 15, 25, 35, 0, 49, 1, 2, 3, 4,
                                       6, 7, 8]
    in (seen[x % 8], count, big[x % 18])) xs)
""")


def quarters(rng, n, lo, hi):
    """n multiples of 1/4 in [lo, hi] (exact in f32)."""
    return [rng.randint(lo * 4, hi * 4) / 4 for _ in range(n)]


def private_scatter(x):
    d = [0] * 24
    for i in range(18):
        if (x * i) % 30 < 24:
            d[(x * i) % 30] = i + 1  # a later write to the same place wins
    return sum(v * j for j, v in enumerate(d))


def private_hist(x):
    h = [0] * 6  # bucket 5 is out of the hist's bounds: dropped
    for i in range(20):
        h[(x + i * i) % 6] += i
    return h[0] + h[1] * 10 + h[2] * 100 + h[3] * 1000 + h[4] * 10000


def private_mat(x):
    xi = int(x)
    m = [[x, 1, 2], [3, x, 4]]
    t = [[m[0][c], m[1][c]] for c in range(3)]
    c = [v for row in t for v in row] + [x, x]
    r = [list(row) for row in m]
    r[xi % 2] = [5, 6, 7]
    z = r if x > 2 else m
    return (c[0] + c[1] * 2 + c[2] * 3 + c[3] * 4 + c[7] * 5 + t[2][1] * 7 + z[1][xi % 3] * 11
            + r[xi % 2][2])


def test_private_soacs(rng):
    stanzas = ["-- entry: weigh"]
    w = [0.5, 0.25, 0.125, 2, 4, 8, 0.75, 1.5, 3, 6, 0.5, 1, 2, 0.25, 0.125, 4, 1, 2, 3, 4]
    for n in (0, 3000):
        xs = quarters(rng, n, 0, 100)
        total = sum(w[int(x) % 20] * x + w[(int(x) % 20 + 7) % 20] * x for x in xs)
        stanzas += case([fmt_array(xs, "f32")], [fmt_scalar(f32(total), "f32")])
    stanzas.append("-- entry: poly")
    xs = ints(rng, 3000, -1000, 1000)
    total = 0
    for x in xs:
        cs = [(x + k) % 7 for k in range(1, 19)]
        total += sum(cs[i * 3] for i in range(x % 5))
    stanzas += case([fmt_array(xs, "i32")], ["%di32" % total])
    stanzas.append("-- entry: scans")
    xs = ints(rng, 3000, -1000, 1000)
    out = []
    for x in xs:
        a = [(x * i) % 11 for i in range(20)]
        prefix = scan_list(lambda p, q: p + q, 0, a)
        best = max(range(20), key=lambda i: (a[i], -i))
        out.append(prefix[x % 20] + a[best] * 100 + best * 10000)
    stanzas += case([fmt_array(xs, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: scat")
    xs = ints(rng, 3000, -10**6, 10**6)
    stanzas += case([fmt_array(xs, "i64")], [fmt_array([private_scatter(x) for x in xs], "i64")])
    stanzas.append("-- entry: hists")
    xs = ints(rng, 3000, -10**6, 10**6)
    stanzas += case([fmt_array(xs, "i64")], [fmt_array([private_hist(x) for x in xs], "i64")])
    stanzas.append("-- entry: mat")
    xs = [rng.randint(0, 20) / 2 for _ in range(3000)]
    stanzas += case([fmt_array(xs, "f32")], [fmt_array([private_mat(x) for x in xs], "f32")])
    stanzas.append("-- structure kernels { global 6 group 0 host 0 scanomap 1 scatter 1 hist 1 "
                   "concat 1 rearrange 1 }")
    write_test("private_soacs", """
Inner SOACs over private arrays (Note [private arrays] in src/lower/kernel_code.c), unrolled
into one copy of the lambda per element: maps over small constant arrays inside the map
of a reduction (over a literal that the simplifier hoists out of the kernel, which the
kernel then reads as a view of constant size, and over a literal of the lambda, read in a
loop at run-time indices), a scan with map outputs and a reduction on pairs (first
maximum and its index), a scatter into and a hist over private arrays, all of widths
above the simplifier's unrolling (16); and a 2-D private array transposed, flattened,
concatenated, updated in a row at a run-time index, chosen by an if and copied.
""", stanzas, """
entry weigh [n] (xs: [n]f32) : f32 =
  let w = [0.5f32, 0.25, 0.125, 2, 4, 8, 0.75, 1.5, 3, 6, 0.5, 1, 2, 0.25, 0.125, 4, 1, 2, 3, 4]
  in reduce (+) 0 (map (\\x ->
       let ys = map (\\c -> c * x) w
       let k = i64.f32 x % 20
       in ys[k] + ys[(k + 7) % 20]) xs)
entry poly [n] (xs: [n]i32) : i32 =
  reduce (+) 0 (map (\\x ->
    let cs = map (\\k -> (x + k) % 7) [1i32, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                       17, 18]
    in loop acc = 0 for i < i64.i32 (x % 5) do acc + cs[i * 3]) xs)
entry scans [n] (xs: [n]i32) : [n]i32 =
  map (\\x ->
    let a = map (\\i -> (x * i32.i64 i) % 11) (iota 20)
    let s = scan (+) 0 a
    let (m, mi) = reduce (\\(a, i) (b, j) -> if b > a then (b, j) else (a, i)) (-1, -1)
                         (zip a (iota 20))
    in s[i64.i32 (x % 20)] + m * 100 + i32.i64 mi * 10000) xs
entry scat [n] (xs: [n]i64) : [n]i64 =
  map (\\x ->
    let d = replicate 24 0i64
    let d = scatter d (map (\\i -> (x * i) % 30) (iota 18)) (map (\\i -> i + 1) (iota 18))
    in reduce (+) 0 (map2 (*) d (iota 24))) xs
entry hists [n] (xs: [n]i64) : [n]i64 =
  map (\\x ->
    let h = hist (+) 0 5 (map (\\i -> (x + i * i) % 6) (iota 20)) (iota 20)
    in h[0] + h[1] * 10 + h[2] * 100 + h[3] * 1000 + h[4] * 10000) xs
entry mat [n] (xs: [n]f32) : [n]f32 =
  map (\\x ->
    let m = [[x, 1, 2], [3, x, 4]]
    let t = transpose m
    let c = concat (flatten t) [x, x]
    let r = copy m with [i64.f32 x % 2] = [5, 6, 7]
    let z = if x > 2 then r else copy m
    in c[0] + c[1] * 2 + c[2] * 3 + c[3] * 4 + c[7] * 5 + t[2][1] * 7 + z[1][i64.f32 x % 3] * 11
       + r[i64.f32 x % 2, 2]) xs
""")


def cmul32(a, b):
    return (f32(f32(a[0] * b[0]) - f32(a[1] * b[1])), f32(f32(a[0] * b[1]) + f32(a[1] * b[0])))


def butterfly4(x):
    add = lambda a, b: (f32(a[0] + b[0]), f32(a[1] + b[1]))
    sub = lambda a, b: (f32(a[0] - b[0]), f32(a[1] - b[1]))
    s0, d0 = add(x[0], x[2]), sub(x[0], x[2])
    s1, d = add(x[1], x[3]), sub(x[1], x[3])
    d1 = (d[1], -d[0])
    return [add(s0, s1), add(d0, d1), sub(s0, s1), sub(d0, d1)]


def radix4(k, re, im):
    """The passes of `radix4` in f32 (rounded after each operation, as the C backend;
    OpenCL may contract multiply-adds, within the runner's tolerance)."""
    h = f32(math.sqrt(0.5))
    tw = [(1.0, 0.0), (h, -h), (0.0, -1.0), (-h, -h), (-1.0, 0.0), (-h, h), (0.0, 1.0), (h, h)]
    x = list(zip(re, im))
    for p in range(k):
        x = butterfly4([cmul32(x[j], tw[(j * (p + 1)) % 8]) for j in range(4)])
    m = int(abs(re[0])) % 4
    energy = 0.0
    for a, b in x:
        energy = f32(energy + f32(f32(a * a) + f32(b * b)))
    return x[m][0], x[m][1], energy


def test_private_groups(rng):
    stanzas = ["-- entry: rowsum"]
    for b, n in ((3, 5), (40, 300)):
        xss = [ints(rng, n, -99, 99) for _ in range(b)]
        ys = [[[5, 7, 11, 13][x % 4] * x for x in row] for row in xss]
        stanzas += case([fmt_array(xss, "i32")], [fmt_array([sum(y) + y[0] for y in ys], "i32")])
    stanzas.append("-- entry: tables")
    for b, n in ((2, 5), (300, 40)):
        xss = [ints(rng, n, -99, 99) for _ in range(b)]
        out = []
        for row in xss:
            t = [row[0], row[1], row[2], 7]
            t[row[3] % 4] = 100
            out.append([t[x % 4] * x for x in row])
        stanzas += case([fmt_array(xss, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- entry: smooth")
    for k, b, n in ((3, 2, 5), (4, 30, 300)):
        xss = [ints(rng, n, -9, 9) for _ in range(b)]
        out = []
        for row in xss:
            r = row
            for i in range(k):
                w = [1, i, 2]
                r = [i32(r[j] * w[j % 3] + r[(j + 1) % n] * w[(j + 1) % 3]) for j in range(n)]
            out.append(r)
        stanzas += case(["%di64" % k, fmt_array(xss, "i32")], [fmt_array(out, "i32")])
    stanzas.append("-- structure kernels { global 1 group 4 host 0 }")
    write_test("private_groups", """
Private arrays (Note [private arrays] in src/lower/kernel_code.c) in kernels of whole rows: a
lookup table inside the inner map of an intra-group kernel (`rowsum`); a table made of
the row's first values and updated at a run-time index before an inner map, which map2
recomputes for every element (`tables`); and the weights of a smoothing step, made by
the group's scalar code in each pass of a loop of an intra-group kernel (`smooth`).
versions.sh also runs the intra-group kernels' global-memory version.
""", stanzas, """
entry rowsum [b][n] (xs: [b][n]i32) : [b]i32 =
  map (\\row -> let y = map (\\x -> [5, 7, 11, 13][i64.i32 x % 4] * x) row
               in reduce (+) 0 y + y[0]) xs
entry tables [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\\row -> let t = [row[0], row[1], row[2], 7]
               let t = t with [i64.i32 row[3] % 4] = 100
               in map (\\x -> t[i64.i32 x % 4] * x) row) xss
entry smooth [b][n] (k: i64) (xss: [b][n]i32) : [b][n]i32 =
  map (\\row -> loop r = row for i < k do
                 let w = [1, i32.i64 i, 2]
                 in map (\\j -> r[j] * w[j % 3] + r[(j + 1) % n] * w[(j + 1) % 3]) (iota n)) xss
""")


def test_private_radix4(rng):
    stanzas = ["-- entry: main"]
    for k, n in ((0, 2), (1, 5), (3, 3000)):
        res, ims, outs = [], [], []
        while len(res) < n:
            re = [f32(rng.uniform(-4, 4)) for _ in range(4)]
            im = [f32(rng.uniform(-4, 4)) for _ in range(4)]
            out = radix4(k, re, im)
            # Values near zero would be compared with the absolute tolerance only (1e-6),
            # finer than the rounding differences of multiply-adds: draw again.
            if min(abs(v) for v in out) >= 0.01:
                res.append(re)
                ims.append(im)
                outs.append(out)
        stanzas += case(["%di64" % k, fmt_array(res, "f32", [n, 4]),
                         fmt_array(ims, "f32", [n, 4])],
                        [fmt_array([o[c] for o in outs], "f32") for c in range(3)])
    stanzas.append("-- structure kernels { global 1 group 0 host 0 }")
    write_test("private_radix4", """
A radix-4 butterfly on complex f32 numbers, as an FFT writes it (four-element arrays of
pairs, multiplied by twiddle factors from a table of the eighth roots of unity), k times
on each element's own four values: the loop carries two private arrays of 4 f32
(initialised from the rows of the inputs, which stay views), the table and the
butterfly's results are array literals, and the kernel returns the value at a run-time
index and the sum of the squared magnitudes. The results need the runner's tolerance:
the OpenCL compiler may contract multiplications and additions.
""", stanzas, """
type c = (f32, f32)
def cadd (a: c) (b: c) : c = (a.0 + b.0, a.1 + b.1)
def csub (a: c) (b: c) : c = (a.0 - b.0, a.1 - b.1)
def cmul (a: c) (b: c) : c = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
def muli (a: c) : c = (a.1, -a.0)
def butterfly (x: [4]c) : [4]c =
  let s0 = cadd x[0] x[2]
  let d0 = csub x[0] x[2]
  let s1 = cadd x[1] x[3]
  let d1 = muli (csub x[1] x[3])
  in [cadd s0 s1, cadd d0 d1, csub s0 s1, csub d0 d1]
entry main [n] (k: i64) (re: [n][4]f32) (im: [n][4]f32) : ([n]f32, [n]f32, [n]f32) =
  let h = f32.sqrt 0.5
  let tw = [(1, 0), (h, -h), (0, -1), (-h, -h), (-1, 0), (-h, h), (0, 1), (h, h)]
  in unzip3 (map2 (\\r i ->
       let y = loop x = zip r i for p < k do
         butterfly (map (\\j -> cmul x[j] tw[(j * (p + 1)) % 8]) (iota 4))
       let m = i64.f32 (f32.abs r[0]) % 4
       in (y[m].0, y[m].1, reduce (+) 0 (map (\\(a, b) -> a * a + b * b) y))) re im)
""")


def test_error_private(rng):
    stanzas = ["-- entry: read"]
    idx = ints(rng, 3000, 0, 3)
    stanzas += case([fmt_array(idx, "i64")],
                    [fmt_array([[10, 20, 30, 40 + i][i] for i in idx], "i32")])
    for bad in (4, -1):
        idx = one_bad(rng, 3000, range(4), bad, 2700)
        stanzas += case([fmt_array(idx, "i64")],
                        error=r"{at:a[i]}: error: index \[%d\] out of bounds for array of "
                              r"shape \[4\]$" % bad)
    stanzas.append("-- entry: update")
    idx = ints(rng, 3000, 0, 5)
    out = []
    for b in idx:
        h = [0] * 6
        for j in range(3):
            h[b if j == 2 else j] = j + 1
        out.append(h[0] + h[5])
    stanzas += case(["3i64", fmt_array(idx, "i64")], [fmt_array(out, "i32")])
    idx = one_bad(rng, 3000, range(6), 6, 2999)
    stanzas += case(["3i64", fmt_array(idx, "i64")],
                    error=r"{at:h with [b]}: error: index \[6\] out of bounds for array of "
                          r"shape \[6\]$")
    stanzas.append("-- entry: read2")
    idx = ints(rng, 3000, 0, 2)
    stanzas += case([fmt_array(idx, "i64")],
                    [fmt_array([[[1, 2], [3, 4], [5, i]][i][1 - i % 2] for i in idx], "f32")])
    idx = one_bad(rng, 3000, range(3), 3, 1500)
    stanzas += case([fmt_array(idx, "i64")],
                    error=r"{at:m[i, 1 - i % 2]}: error: index \[3, [01]\] out of bounds for "
                          r"array of shape \[3\]\[2\]$")
    stanzas.append("-- entry: read3")
    idx = ints(rng, 3000, 0, 7)
    stanzas += case([fmt_array(idx, "i64")],
                    [fmt_array([(i // 4) * 100 + (i // 2 % 2) * 10 + i % 2 for i in idx], "i64")])
    idx = one_bad(rng, 3000, range(8), 9, 2222)
    stanzas += case([fmt_array(idx, "i64")],
                    error=r"{at:c[i / 4, i / 2 % 2, i % 2]}: error: index \[2, 0, 1\] out of "
                          r"bounds for array of shape \[2\]\[2\]\[2\]$")
    stanzas.append("-- structure kernels { global 4 group 0 host 0 }")
    write_test("error_private", """
An index out of bounds of a private array (Note [private arrays] in src/lower/kernel_code.c)
fails as the C backend fails, with its message: the location, the index and the shape;
reading a literal at a run-time index, updating a histogram in a loop at a run-time
index (the bucket of element 2999 is out of bounds on the third pass), and reading
literals of two and three dimensions at run-time indices.
""", stanzas, """
entry read [n] (is: [n]i64) : [n]i32 = map (\\i -> let a = [10, 20, 30, 40 + i32.i64 i] in a[i]) is
entry update [n] (k: i64) (bs: [n]i64) : [n]i32 =
  map (\\b -> let h = loop h = replicate 6 0i32 for j < k do
                let b = if j == 2 then b else j
                in h with [b] = i32.i64 j + 1
             in h[0] + h[5]) bs
entry read2 [n] (is: [n]i64) : [n]f32 =
  map (\\i -> let m = [[1f32, 2], [3, 4], [5, f32.i64 i]] in m[i, 1 - i % 2]) is
entry read3 [n] (is: [n]i64) : [n]i64 =
  map (\\i -> let c = [[[0, 1], [10, 11]], [[100, 101], [110, 110 + i % 2]]]
               in c[i / 4, i / 2 % 2, i % 2]) is
""")


def main():
    for test in (test_map, test_map2, test_reduce, test_redomap, test_scan, test_scanomap,
                 test_scatter, test_hist, test_hist_host, test_segred, test_loop_kernels,
                 test_if_kernels, test_map_inner, test_f64, test_bool, test_small_ints,
                 test_error_index, test_error_div, test_error_assert, test_neutral_variable,
                 test_transpose, test_coalesce, test_private, test_private_soacs,
                 test_private_groups, test_private_radix4, test_error_private):
        test(random.Random(test.__name__))


if __name__ == "__main__":
    main()
