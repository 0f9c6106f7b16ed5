#!/bin/sh
# bench/fft-opencl at small sizes on the OpenCL device here (PoCL in CI): runs
# bench/fft-opencl/run.sh with 2^12 complex elements a size, lengths 8, 16, 64, 6 and
# 1000, both precisions (f32 alone on a device without f64) and 3 timed runs, so that
# Prism's batched FFT (every kernel version it takes at those sizes) is checked against
# FFTW on the device, and the harness itself builds and runs. clFFT and VkFFT take
# part where installed (run.sh finds them); cuFFT is left out. Fails when the harness
# fails or a check of Prism's result does.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail, 77 skip (no
# OpenCL platform, FFTW's headers missing, or PRISM_TEST_BACKENDS without opencl).
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
case ${PRISM_TEST_BACKENDS:-opencl} in
  *opencl*) ;;
  *) echo "SKIP: PRISM_TEST_BACKENDS leaves OpenCL out"; exit 77 ;;
esac
# shellcheck source=tests/backend_opencl/common.sh
. "$here/../backend_opencl/common.sh"
if ! printf '#include <fftw3.h>\n' | ${CC:-cc} -E - > /dev/null 2>&1; then
  echo "SKIP: no FFTW headers (libfftw3-dev)"
  exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fft_opencl.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && RUNS=3 CUFFT=0 CFLAGS=-O1 FFT_OPENCL_JSON="$tmp/fft.json" \
  "$here/../../bench/fft-opencl/run.sh" "$prismc" 2^12 "" 8 16 64 6 1000) \
  > "$tmp/out.txt" 2>&1; then
  echo "FAIL: bench/fft-opencl/run.sh:"
  grep -v 'warnings\? generated' "$tmp/out.txt" | tail -30
  exit 1
fi
cat "$tmp/out.txt"
# Every size in the JSON has Prism timed: 5 in f32, and 5 in f64 unless the device has
# no double precision (then the harness writes none).
sizes=$(grep -c '"precision"' "$tmp/fft.json")
timed=$(grep -c '"prism": {"batch"' "$tmp/fft.json")
f32=$(grep '"precision": "f32"' "$tmp/fft.json" | grep -c '"prism": {"batch"')
if [ "$timed" -ne "$sizes" ] || [ "$f32" -ne 5 ]; then
  echo "FAIL: Prism is timed at $timed of the JSON's $sizes sizes ($f32 of 5 in f32)"
  exit 1
fi
echo "PASS: bench/fft-opencl on $(sed -n 's/.*"device_name": "\([^"]*\)".*/\1/p' "$tmp/fft.json")"
