#!/bin/sh
# bench/fft-cpu: batched C2C (or R2C, FFT_KIND=real) f32 FFTs on the CPU: Prism's C
# backend (one core) against FFTW with one thread, and Prism's OpenCL backend on PoCL
# against FFTW with all threads, in one process (bench.c says what is timed and how).
#
#   bench/fft-cpu/run.sh [PRISMC] [TOTAL] [DEVICE] [N ...]
#
# PRISMC: the compiler (default ./prismc). TOTAL: complex elements a size, a number or
# 2^K (default 2^22); batch = TOTAL / n. DEVICE: the OpenCL device, a part of its name
# as `-d` takes it (default "portable": PoCL), or "none" to leave OpenCL out (the table
# then has the C backend and FFTW 1 thread; the JSON also FFTW with all threads).
# N: the lengths (default: 2^3 ... 2^20, 3^k, 5^k, 6 2^k, primes).
#
# Environment: RUNS (timed runs, default 10), FFT_BUDGET (seconds of timed runs a size,
# default 10: fewer runs, at least 3, for the slowest sizes), FFTW_THREADS (default: the
# online processors), FFT_CPU_JSON (default bench/fft-cpu/results.json), CC and CFLAGS
# (default cc and -O3 -march=native, for the generated libraries and the harness
# alike), FFTW_LIBS (default -lfftw3f_threads -lfftw3f -lpthread), OPENCL_LIBS (default
# -lOpenCL), FFT_KIND (complex, the default, or real: rows of n reals through
# `map fft32.rfft` against FFTW's r2c plans).
#
# Example (the table in bench/RESULTS.md):
#   bench/fft-cpu/run.sh ./prismc 2^22 portable
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${1:-./prismc}
total=${2:-4194304}
device=${3:-portable}
if [ $# -gt 3 ]; then shift 3; else set --; fi
case $total in
  2^*) total=$((1 << ${total#2^})) ;;
esac
runs=${RUNS:-10}
json=${FFT_CPU_JSON:-$here/results.json}
cc=${CC:-cc}
cflags=${CFLAGS:--O3 -march=native}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$prismc" c --library --prefix pc "$here/batched.dsl" -o "$tmp/fft_c"
"$prismc" opencl --library --prefix pcl "$here/batched.dsl" -o "$tmp/fft_cl"
# shellcheck disable=SC2086 # CFLAGS and the library lists are lists
$cc -std=c99 $cflags -c "$tmp/fft_c.c" -o "$tmp/fft_c.o"
# shellcheck disable=SC2086
$cc -std=c99 $cflags -c "$tmp/fft_cl.c" -o "$tmp/fft_cl.o"
# shellcheck disable=SC2086
$cc -std=c99 $cflags -I"$tmp" "$here/bench.c" "$tmp/fft_c.o" "$tmp/fft_cl.o" \
  -o "$tmp/bench" ${FFTW_LIBS:--lfftw3f_threads -lfftw3f -lpthread} \
  ${OPENCL_LIBS:--lOpenCL} -lm
echo "$cc -std=c99 $cflags; $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
"$tmp/bench" "$total" "$runs" "$device" "$json" "$@"
