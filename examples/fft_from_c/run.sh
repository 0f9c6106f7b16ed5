#!/bin/sh
# Builds main.c against the OpenCL library that prismc makes of fft_rows.dsl, and runs
# it twice: on the queue that Prism makes, and on the program's own queue.
#
#   examples/fft_from_c/run.sh            # from anywhere; the files go to build/ here
#
# PRISMC names the compiler (default: the prismc of this source tree), CC the C
# compiler; arguments are passed to the program (-d NAME picks the device).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${PRISMC:-$here/../../prismc}
cc=${CC:-cc}
build=$here/build
mkdir -p "$build"

# fft_rows.c, fft_rows.h (the API) and fft_rows.json (the manifest).
"$prismc" opencl --library -o "$build/fft_rows" "$here/fft_rows.dsl"
$cc -O3 -std=c99 -c "$build/fft_rows.c" -o "$build/fft_rows.o"
$cc -O2 -std=c99 -Wall -Wextra -pedantic -I"$build" "$here/main.c" "$build/fft_rows.o" \
  -lOpenCL -lm -o "$build/main"

"$build/main" "$@"
"$build/main" --own-queue
