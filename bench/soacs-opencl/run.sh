#!/bin/sh
# bench/soacs-opencl: SOAC kernels of the OpenCL backend against the device's copy
# bandwidth, measured in the same process (bench.c says what is timed and how).
#
#   bench/soacs-opencl/run.sh [PRISMC] [N] [DEVICE]
#
# PRISMC: the compiler (default ./prismc). N: f32 elements per array, a number or 2^K
# (default 2^28 = 268435456, 1 GiB an array: a GPU's size; use 2^22 or so on PoCL).
# DEVICE: a part of the device's name, as `-d` of a generated program takes it
# (default: the first GPU, else the first device).
#
# Environment: RUNS (timed runs, default 10), ROW (the length of the rows that rowsum
# sums, default 4096: the work-group version), SOACS_OPENCL_JSON (where the JSON goes,
# default soacs-opencl.json in the current directory), CC and CFLAGS (default cc and
# -O2; add -I<dir> when <CL/cl.h> is not installed), OPENCL_LIBS (default -lOpenCL),
# BENCH_REPORT=1 (print the library's kernel profile at the end).
#
# Example on this repository's development machine (PoCL):
#   bench/soacs-opencl/run.sh ./prismc 2^22 portable
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${1:-./prismc}
n=${2:-268435456}
device=${3:-}
case $n in
  2^*) n=$((1 << ${n#2^})) ;;
esac
runs=${RUNS:-10}
row=${ROW:-4096}
json=${SOACS_OPENCL_JSON:-soacs-opencl.json}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$prismc" opencl --library "$here/soacs.dsl" -o "$tmp/soacs"
# shellcheck disable=SC2086 # CFLAGS and OPENCL_LIBS are lists
$cc -std=c99 $cflags -I"$tmp" "$tmp/soacs.c" "$here/bench.c" -o "$tmp/bench" \
  ${OPENCL_LIBS:--lOpenCL} -lm
"$tmp/bench" "$n" "$row" "$runs" "$device" "$json"
