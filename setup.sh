#!/bin/sh
# Sets Prism up on a fresh Debian 12 machine and runs an example:
# installs the build tools that are missing (apt-get; OpenCL's headers, loader and
# PoCL for the OpenCL backend's tests), builds the compiler,
# then compiles examples/matmul.dsl to a program and runs it.
set -eu
cd "$(dirname "$0")"

packages="gcc make autoconf automake re2c bison valgrind clang opencl-headers
  ocl-icd-opencl-dev pocl-opencl-icd clinfo"
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

echo "setup: compiling examples/fft.dsl with the OpenCL backend and running it on the default"
echo "setup: OpenCL device (the first GPU, else the first device: PoCL on the CPU)"
./prismc opencl examples/fft.dsl -o examples/fft
./examples/fft --list-devices
./examples/fft < examples/fft.in
