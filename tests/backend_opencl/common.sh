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

# The inputs of a test file: the text of each `input { ... }` block, one a file, with
# the entry point it belongs to (the runner's `entry:` lines).
inputs() {
  awk -v out="$tmp/in" '
    /^-- entry:/ { entry = $3 }
    /^-- input \{/ { n++; capture = 1; depth = 0; text = ""; file = out "." n;
                     print (entry == "" ? "main" : entry) > (file ".entry") }
    capture {
      line = $0; sub(/^-- ?/, "", line)
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (c == "{") { depth++; if (depth == 1) { continue } }
        if (c == "}") { depth--; if (depth == 0) { capture = 0; print text > file; break } }
        if (depth >= 1) { text = text c }
      }
      text = text " "
    }' "$1"
}
