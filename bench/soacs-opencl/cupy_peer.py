#!/usr/bin/env python3
"""bench/soacs-opencl's peer on NVIDIA GPUs: the same operations in CuPy (CUDA).

    python3 bench/soacs-opencl/cupy_peer.py [N] [RUNS]

N: f32 elements (default 2^28, or 2^K written as such), RUNS: timed runs (default 10).
Times, with CUDA events around each call (device time only, no host synchronisation
beyond the events), the median of RUNS runs after 2 warm-up runs of: a copy
(`b[...] = a`), the map of soacs.dsl (x * 2 + 1, as an ElementwiseKernel), a sum
(`a.sum()`), an inclusive scan (`cp.cumsum`), and the row sums of an [N/4096][4096]
array (`a.sum(axis=1)`). Prints a table in the layout of bench.c's, GB/s counting the
bytes the least work reads and writes, and the ratio to CuPy's copy. Run it right after
bench/soacs-opencl/run.sh on the same device to compare.
"""

import statistics
import sys

import cupy as cp


def parse_n(text):
    if text.startswith("2^"):
        return 1 << int(text[2:])
    return int(text)


def time_ms(fn, runs):
    for _ in range(2):
        fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(runs):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    return statistics.median(times)


def main():
    n = parse_n(sys.argv[1]) if len(sys.argv) > 1 else 1 << 28
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    row = 4096
    rng = cp.random.default_rng(1)
    a = rng.random(n, dtype=cp.float32) + cp.float32(0.5)
    b = cp.empty_like(a)
    affine = cp.ElementwiseKernel("float32 x", "float32 y", "y = x * 2.0f + 1.0f", "affine")
    rows = a[: n - n % row].reshape(-1, row)
    sums = cp.empty(rows.shape[0], dtype=cp.float32)
    cases = [
        ("copy", 8 * n, lambda: b.__setitem__(Ellipsis, a)),
        ("map", 8 * n, lambda: affine(a, b)),
        ("reduce", 4 * n, lambda: a.sum()),
        ("scan", 8 * n, lambda: cp.cumsum(a, out=b)),
        ("rowsum ([%d][%d])" % rows.shape, 4 * rows.size, lambda: rows.sum(axis=1, out=sums)),
    ]
    print("| CuPy %s | elements | median ms | GB/s | / copy |" % cp.__version__)
    print("|---|---|---|---|---|")
    copy_gbs = None
    for name, nbytes, fn in cases:
        ms = time_ms(fn, runs)
        gbs = nbytes / (ms * 1e-3) / 1e9
        copy_gbs = copy_gbs or gbs
        print("| %s | %d | %.3f | %.2f | %.2fx |" % (name, n, ms, gbs, gbs / copy_gbs))


if __name__ == "__main__":
    main()
