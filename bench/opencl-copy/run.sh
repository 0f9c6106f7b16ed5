#!/bin/sh
# bench/opencl-copy: builds copy.c against the OpenCL runtime (rts/opencl) and runs it
# on the default device (or OCL_ICD_VENDORS' one).
#
#   bench/opencl-copy/run.sh [LOG2_N] [RUNS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086 # CFLAGS is a list of flags
${CC:-cc} -std=c99 -O2 -Wno-unused-function ${CFLAGS:-} -I"$here/../../src" \
  "$here/copy.c" -o "$tmp/copy" ${OPENCL_LIBS:--lOpenCL} -lm
"$tmp/copy" "$@"
