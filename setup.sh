#!/bin/sh
# Sets Prism up on a fresh Debian 12 machine and runs the examples:
# installs the build tools that are missing (apt-get; OpenCL's headers, loader and
# PoCL for the OpenCL backend's tests; FFTW for tests/capi/fft_accuracy.c), builds the
# compiler, then compiles and runs the examples: examples/matmul.dsl (C backend), the
# FFTs of examples/fft_batch.dsl (OpenCL, on the default device), the radix-6 FFT of
# examples/fft_radix.dsl, and the C program of examples/fft_from_c/.
set -eu
cd "$(dirname "$0")"

packages="gcc make autoconf automake re2c bison valgrind clang opencl-headers
  ocl-icd-opencl-dev pocl-opencl-icd clinfo libfftw3-dev"
missing=""
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  as_root=""
  if [ "$(id -u)" -ne 0 ]; then
    as_root="sudo"
  fi
  echo "setup: installing$missing"
  $as_root apt-get update
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y $missing
fi

autoreconf -fi
./configure
make -j"$(nproc)"

echo "setup: compiling and running examples/matmul.dsl (C backend)"
./prismc c examples/matmul.dsl -o examples/matmul
./examples/matmul < examples/matmul.in

echo "setup: compiling examples/fft_batch.dsl with the OpenCL backend and running it on the"
echo "setup: default OpenCL device (the first GPU, else the first device: PoCL on the CPU)"
./prismc opencl examples/fft_batch.dsl -o examples/fft_batch
./examples/fft_batch --list-devices
echo "setup: the FFTs of 4 rows of 8, real parts then imaginary parts: an impulse (1s), a"
echo "setup: constant (8 at 0), a cosine (4 at 2 and 6), a delayed pulse (the 8th roots of 1)"
./examples/fft_batch < examples/fft_batch.in
echo "setup: a 2-D FFT (32 at [1][2], 0 elsewhere)"
./examples/fft_batch -e fft_2d < examples/fft_batch_2d.in

echo "setup: examples/fft_radix.dsl: a radix-6 FFT against the library's (C backend): the"
echo "setup: lengths, the errors against a naive DFT and against fft64, whether all are small"
./prismc c examples/fft_radix.dsl -o examples/fft_radix
radix_check=$(./examples/fft_radix < examples/fft_radix.in)
echo "$radix_check"
if [ "$(echo "$radix_check" | tail -n 1)" != true ]; then
  echo "setup: examples/fft_radix: the radix-6 FFT gives wrong results" >&2
  exit 1
fi

echo "setup: examples/fft_from_c: the FFT called from C, on host data and on cl_mem buffers"
examples/fft_from_c/run.sh
