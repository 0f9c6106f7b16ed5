#!/bin/sh
# bench/fft-opencl: batched C2C FFTs, f32 and f64, on an OpenCL device (a GPU): Prism's
# `map fft32.fft` / `map fft64.fft` against clFFT, VkFFT's OpenCL backend, a
# device-to-device copy and, on NVIDIA where CuPy is installed, cuFFT, all in the same
# run on the same device (bench.c says what is timed and checked, and how).
#
#   bench/fft-opencl/run.sh [PRISMC] [TOTAL] [DEVICE] [N ...]
#
# PRISMC: the compiler (default ./prismc). TOTAL: complex f32 elements a size, a number
# or 2^K (default 2^26); batch = TOTAL / n, and TOTAL / 2 / n for f64 (the same
# bytes). DEVICE: a part of the OpenCL device's "PLATFORM: DEVICE" name, as `-d` of a
# generated program takes it, or "#N" (default "": the first GPU, else the first
# device; "portable" is PoCL). N: the lengths; by default every length that fits on
# chip in issue 14's families up to 2^13: 2^1 ... 2^13; 3^k (3 ... 6561, 2187
# included); 5^k (5 ... 3125); 7^k (7 ... 2401); 6 2^k (6 ... 6144); 10 2^k
# (10 ... 5120); and 1000: 52 lengths.
#
# Environment:
#   RUNS            timed runs a peer and size (default 20), the median reported
#   FFT_PRECISIONS  "f32 f64" (default), or one of them
#   FFT_OPENCL_JSON where the JSON goes (default fft-opencl.json in the current
#                   directory); bench/fft-opencl/plot.sh JSON PNG draws it
#   FFT_PRISM_LIMIT, FFT_BUDGET  seconds: see bench.c (Prism's rows and runs are cut
#                   where its FFT is slow; the table says so)
#   CC, CFLAGS      the C compiler and flags (default cc, -O2), for the generated
#                   library and the harness; add -I<dir> for headers that are not
#                   installed (OpenCL's, FFTW's, clFFT.h, vkFFT.h)
#   LDFLAGS         extra flags before the libraries (e.g. -L<dir>)
#   OPENCL_LIBS     default -lOpenCL (e.g. -l:libOpenCL.so.1 where only the runtime
#                   library is there)
#   FFTW_LIBS       default -lfftw3 (FFTW in double precision: the reference)
#   CLFFT           1: use clFFT, 0: leave it out; default: use it if clFFT.h and
#                   CLFFT_LIBS build a test program
#   CLFFT_LIBS      default -lclFFT (e.g. "-L/x/usr/lib/x86_64-linux-gnu
#                   -l:libclFFT.so.2" for an unpacked libclfft2; at run time the
#                   directory must then be in LD_LIBRARY_PATH too)
#   VKFFT           1: use VkFFT, 0: leave it out; default: use it if vkFFT.h compiles
#                   (header only; with -DVKFFT_BACKEND=3, its OpenCL backend)
#   CUFFT           0: leave cuFFT out; default: run cupy_peer.py when
#                   `$PYTHON -c "import cupy"` works
#   PYTHON          default python3
#   BENCH_REPORT=1  print Prism's kernel profile at the end
#   FFT_PROGRAM     the program in bench/fft-opencl to time (default batched.dsl;
#                   batched_split.dsl splits long rows: docs/fft.md, "Long rows";
#                   batched_onebuf.dsl takes one buffer for rows of 24 to 48 KiB:
#                   "One buffer")
#
# Debian packages: libfftw3-dev, ocl-icd-opencl-dev, opencl-headers, and for the
# peers libclfft-dev (with libclfft2) and libvkfft-dev.
#
# On an NVIDIA GPU whose OpenCL ICD is not registered and where those packages are not
# installed: unpack (dpkg-deb -x PKG.deb /x) those that are missing, of
# opencl-c-headers (CL/cl.h), libfftw3-dev and libfftw3-double3 (fftw3.h, -lfftw3),
# libclfft-dev and libclfft2, libvkfft-dev; with NVIDIA's driver in
# /usr/local/nvidia/lib64 and an ICD loader's libOpenCL.so.1 installed (2^26 takes a
# few GiB of device memory; FFT_PRECISIONS=f32, then f64, halves a run's time):
#   mkdir -p /tmp/icd
#   echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
#   OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=/x/usr/lib/x86_64-linux-gnu \
#     CFLAGS="-O2 -I/x/usr/include" LDFLAGS=-L/x/usr/lib/x86_64-linux-gnu \
#     OPENCL_LIBS=-l:libOpenCL.so.1 \
#     CLFFT_LIBS="-L/x/usr/lib/x86_64-linux-gnu -l:libclFFT.so.2" \
#     bench/fft-opencl/run.sh ./prismc 2^26 nvidia
#
# On PoCL (a CPU), small: bench/fft-opencl/run.sh ./prismc 2^14 portable 8 16 1000
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${1:-./prismc}
total=${2:-67108864}
device=${3:-}
if [ $# -gt 3 ]; then shift 3; else set --; fi
case $total in
  2^*) total=$((1 << ${total#2^})) ;;
esac
if [ $# -eq 0 ]; then
  k=1
  while [ $k -le 13 ]; do set -- "$@" $((1 << k)); k=$((k + 1)); done
  for base in 3 5 7; do
    n=$base
    while [ $n -le 8192 ]; do set -- "$@" $n; n=$((n * base)); done
  done
  for base in 6 10; do
    n=$base
    while [ $n -le 8192 ]; do set -- "$@" $n; n=$((n * 2)); done
  done
  set -- "$@" 1000
fi
runs=${RUNS:-20}
json=${FFT_OPENCL_JSON:-fft-opencl.json}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}
ldflags=${LDFLAGS:-}
opencl_libs=${OPENCL_LIBS:--lOpenCL}
clfft_libs=${CLFFT_LIBS:--lclFFT}
python=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Whether a test program builds: try_build FILE FLAGS... (the flags after the file).
try_build() {
  file=$1
  shift
  # shellcheck disable=SC2086 # CFLAGS and LDFLAGS are lists
  $cc -std=c99 $cflags "$file" -o "$tmp/try" $ldflags "$@" > "$tmp/try.log" 2>&1
}

peers=""
libs=""
if [ "${CLFFT:-}" != 0 ]; then
  printf '#include <clFFT.h>\nint main(void) {\n  cl_uint a, b, c;\n%s\n}\n' \
    '  return (int)clfftGetVersion(&a, &b, &c);' > "$tmp/try_clfft.c"
  # shellcheck disable=SC2086 # the library lists are lists
  if try_build "$tmp/try_clfft.c" $clfft_libs $opencl_libs; then
    peers="$peers -DHAVE_CLFFT"
    libs="$clfft_libs"
  elif [ "${CLFFT:-}" = 1 ]; then
    echo "run.sh: CLFFT=1 but clFFT does not build:" >&2
    cat "$tmp/try.log" >&2
    exit 1
  else
    echo "run.sh: clFFT left out (clFFT.h or $clfft_libs not found)"
  fi
fi
if [ "${VKFFT:-}" != 0 ]; then
  printf '#define _POSIX_C_SOURCE 200809L\n#include <vkFFT.h>\nint main(void) { return 0; }\n' \
    > "$tmp/try_vkfft.c"
  # shellcheck disable=SC2086
  if try_build "$tmp/try_vkfft.c" -DVKFFT_BACKEND=3 $opencl_libs -lm; then
    peers="$peers -DHAVE_VKFFT -DVKFFT_BACKEND=3"
  elif [ "${VKFFT:-}" = 1 ]; then
    echo "run.sh: VKFFT=1 but vkFFT.h does not compile:" >&2
    cat "$tmp/try.log" >&2
    exit 1
  else
    echo "run.sh: VkFFT left out (vkFFT.h not found)"
  fi
fi

"$prismc" opencl --library "$here/${FFT_PROGRAM:-batched.dsl}" -o "$tmp/fft"
# shellcheck disable=SC2086 # CFLAGS, LDFLAGS, the peers' flags and the libraries are lists
$cc -std=c99 $cflags -I"$tmp" $peers "$here/bench.c" "$tmp/fft.c" -o "$tmp/bench" \
  $ldflags $libs ${FFTW_LIBS:--lfftw3} $opencl_libs -lm
echo "$cc -std=c99 $cflags$peers; $(uname -n)"
cufft_json=-
if [ "${CUFFT:-}" != 0 ] && "$python" -c "import cupy" > /dev/null 2>&1; then
  cufft_json=$tmp/cufft.json
  if ! FFT_PRECISIONS=${FFT_PRECISIONS:-f32 f64} \
    "$python" "$here/cupy_peer.py" "$total" "$runs" "$@" > "$cufft_json"; then
    echo "run.sh: cupy_peer.py failed; the table has the cuFFT sizes it finished" >&2
  fi
fi
"$tmp/bench" "$total" "$runs" "$device" "$json" "$cufft_json" "$@"
