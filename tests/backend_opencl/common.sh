# Sourced by the shell tests of tests/backend_opencl/: the test programs' C compiler
# flags (PRISM_TEST_CFLAGS in place of CFLAGS, as tests/run-test.sh uses them), and
# exit status 77 (skip) when no OpenCL platform is installed (clinfo's list where
# clinfo is installed, the ICD loader's vendor files otherwise; run-test.sh asks the
# same question).
if [ -n "${PRISM_TEST_CFLAGS:-}" ]; then
  CFLAGS=$PRISM_TEST_CFLAGS
  export CFLAGS
fi
if command -v clinfo > /dev/null 2>&1; then
  clinfo -l 2> /dev/null | grep -q '^Platform' || { echo "SKIP: no OpenCL platform"; exit 77; }
elif ! ls /etc/OpenCL/vendors/*.icd > /dev/null 2>&1; then
  echo "SKIP: no OpenCL platform"
  exit 77
fi
