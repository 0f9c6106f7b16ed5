#!/bin/sh
# The emitted C is C (docs/robustness.md): every test program under tests/ that the
# compiler accepts has the C file of `prismc c --library` compiled by `cc -std=c99
# -fsyntax-only`, and so does that of `prismc opencl --library` (the host code) where
# <CL/cl.h> is installed. A C compiler error on any of them
# fails the test; programs that prismc rejects (the error tests) are skipped. The
# fuzz target fuzz_cc does the same for a sample of the inputs it makes.
#
# Environment: PRISMC (default ./prismc), CC (default cc), srcdir (default .).
# Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
cc=${CC:-cc}
top=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/emitted_c.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0 checked=0 rejected=0
opencl=no
if echo '#include <CL/cl.h>' | $cc -fsyntax-only -x c - > /dev/null 2>&1; then
  opencl=yes
fi

# check FILE BACKEND: the library C of FILE for BACKEND (c or opencl), through cc;
# status 1 when prismc rejects FILE.
check() {
  file=$1 backend=$2
  if ! "$prismc" "$backend" --library "$file" -o "$tmp/prog" > /dev/null 2>&1; then
    return 1
  fi
  if ! $cc -std=c99 -fsyntax-only -w "$tmp/prog.c" > "$tmp/cc.err" 2>&1; then
    echo "FAIL: $file ($backend): the C compiler rejects the emitted C:"
    head -n 20 "$tmp/cc.err" | sed 's/^/    /'
    failed=1
  fi
  return 0
}

for file in $(find "$top/tests" -name '*.dsl' | LC_ALL=C sort); do
  if check "$file" c; then
    checked=$((checked + 1))
    [ "$opencl" = yes ] && check "$file" opencl
  else
    rejected=$((rejected + 1))
  fi
done
echo "emitted_c.sh: $checked programs compiled by $cc (OpenCL host code: $opencl), $rejected rejected by prismc"
[ $failed -eq 0 ] && echo "PASS: the emitted C of every accepted test program is C"
exit $failed
