#!/bin/sh
# The C API tests of the OpenCL backend, tests/capi/opencl_*.c (docs/opencl.md, "The
# generated API on OpenCL"), run by run-capi.sh: `make check` runs this script as a
# test of its own, which is skipped (exit status 77) when no OpenCL platform is
# installed. The environment is run-capi.sh's.
here=$(cd "$(dirname "$0")" && pwd)
exec sh "$here/run-capi.sh" $(cd "$here" && for f in opencl_*.c; do echo "${f%.c}"; done)
