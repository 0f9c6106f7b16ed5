#!/usr/bin/env python3
"""bench/fft-opencl's cuFFT peer on NVIDIA GPUs: cupy.fft.fft over the same batches.

    python3 bench/fft-opencl/cupy_peer.py TOTAL RUNS N ...

TOTAL: complex f32 elements a size (a number or 2^K); batch = TOTAL / n rows for
complex64 and TOTAL / 2 / n for complex128 (the same bytes), as bench.c makes them.
RUNS: timed runs. N: the lengths. FFT_PRECISIONS in the environment ("f32 f64" by
default) picks the precisions.

For each precision and length: the input is bench.c's (element i of the batch is
(v(2i), v(2i + 1)), v a splitmix64 hash of the index scaled to a multiple of 2^-23 in
[-1, 1), never 0), made on the device once. cupy.fft.fft(x, axis=-1) (cuFFT, a plan
CuPy caches per shape, out of place) runs once and its result is checked on the
first, middle and last rows against numpy.fft.fft in double precision, with bench.c's
bound on the relative rms error (2e-6 max(1, log2 n) for complex64, 2e-14 max(1,
log2 n) for complex128); a wrong result is reported and not timed. Then it runs twice
to warm up, and RUNS times between CUDA events (device time only); the median is
reported, GB/s = 2 * bytes a complex * n * batch / median. The result of each run
stays in CuPy's memory pool, so the allocation costs nothing on the device.

Prints JSON on stdout: a first line naming CuPy and the device, then one size a line,
each as soon as it is measured (bench.c reads those lines; run.sh passes them to it).
A size that fails (CuPy raises) is reported with "failed" and the others go on.
"""

import json
import math
import os
import statistics
import sys

import cupy as cp
import numpy as np

PRECISIONS = {"f32": (cp.complex64, 2e-6), "f64": (cp.complex128, 2e-14)}


def parse_n(text):
    if text.startswith("2^"):
        return 1 << int(text[2:])
    return int(text)


def splitmix(index, xp):
    """bench.c's input_value for an array of uint64 indices."""
    z = index + xp.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> xp.uint64(30))) * xp.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> xp.uint64(27))) * xp.uint64(0x94D049BB133111EB)
    z = z ^ (z >> xp.uint64(31))
    v = ((z >> xp.uint64(40)).astype(xp.int64) - (1 << 23)).astype(xp.float64) / (1 << 23)
    return xp.where(v == 0, 0.5, v)


def make_input(first, count, xp):
    """Elements first .. first + count - 1 of the batch, complex128."""
    index = xp.arange(2 * first, 2 * (first + count), dtype=xp.uint64)
    v = splitmix(index, xp)
    return v[0::2] + 1j * v[1::2]


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


def measure(name, n, total, runs):
    dtype, bound_per_log2 = PRECISIONS[name]
    batch = max(1, total // n)
    entry = {"precision": name, "n": n, "batch": batch}
    # A copy into a fresh array: cuFFT ran at half speed on the array that astype left
    # (1642 GB/s against 3443 for its copy, same dtype, shape and strides; n = 1024
    # complex64 on an H200, 2026-11-27), which made every earlier ratio to cuFFT twice
    # too kind to Prism.
    x = make_input(0, batch * n, cp).astype(dtype).reshape(batch, n).copy()
    y = cp.fft.fft(x, axis=-1)
    rows = sorted({0, batch // 2, batch - 1})
    diff = norm = 0.0
    for r in rows:
        ref = np.fft.fft(make_input(r * n, n, np))
        got = cp.asnumpy(y[r]).astype(np.complex128)
        diff += float(np.sum(np.abs(got - ref) ** 2))
        norm += float(np.sum(np.abs(ref) ** 2))
    error = math.sqrt(diff / norm) if norm > 0 else math.sqrt(diff)
    entry["rel_rms_error"] = float("%.3g" % error)
    bound = bound_per_log2 * max(1.0, math.log2(n))
    if not error <= bound:
        print("cupy_peer.py: %s n = %d: relative rms error %g (bound %g)"
              % (name, n, error, bound), file=sys.stderr)
        entry["wrong"] = True
        return entry
    del y
    ms = time_ms(lambda: cp.fft.fft(x, axis=-1), runs)
    entry["median_ms"] = round(ms, 6)
    entry["gbs"] = round(2 * x.itemsize * n * batch / (ms * 1e-3) / 1e9, 3)
    return entry


def main():
    if len(sys.argv) < 4:
        print("usage: cupy_peer.py TOTAL RUNS N ...", file=sys.stderr)
        sys.exit(2)
    total = parse_n(sys.argv[1])
    runs = int(sys.argv[2])
    sizes = [parse_n(a) for a in sys.argv[3:]]
    wanted = os.environ.get("FFT_PRECISIONS", "f32 f64")
    device = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)["name"]
    if isinstance(device, bytes):
        device = device.decode()
    print('{"cupy": %s, "device": %s, "total_f32": %d, "runs": %d, "sizes": ['
          % (json.dumps(cp.__version__), json.dumps(device), total, runs))
    separator = ""
    for name in ("f32", "f64"):
        if name not in wanted:
            continue
        precision_total = total if name == "f32" else total // 2
        for n in sizes:
            try:
                entry = measure(name, n, precision_total, runs)
            except Exception as e:  # a size CuPy cannot do: say so, go on
                print("cupy_peer.py: %s n = %d: %s" % (name, n, e), file=sys.stderr)
                entry = {"precision": name, "n": n, "failed": str(e)}
            print(separator + "  " + json.dumps(entry), end="", flush=True)
            separator = ",\n"
            cp.get_default_memory_pool().free_all_blocks()
            cp.fft.config.get_plan_cache().clear()
    print("\n]}")


if __name__ == "__main__":
    main()
