#!/bin/sh
# The accuracy test of stdlib/fft.dsl against FFTW, tests/capi/fft_accuracy.c
# (docs/fft.md, "Accuracy"), run by run-capi.sh: `make check` runs this script as a test of
# its own, which is skipped (exit status 77) when FFTW (libfftw3-dev) is not installed.
# Its OpenCL twin, opencl_fft_accuracy.c, runs with the other tests of
# run-capi-opencl.sh. The environment is run-capi.sh's.
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/run-capi.sh" fft_accuracy
