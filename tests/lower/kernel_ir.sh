#!/bin/sh
# The kernel IR (src/lower/kernel.h) of small programs, one per group of forms: for each
# tests/lower/kir_*.dsl, the part of `prismc dump --after lower` from "-- kernels" on
# (each kernel's versions, geometry, local-memory layout and, for group code, steps)
# must equal tests/lower/kir_*.expected. Paths into the standard library are cut to
# `stdlib/`. With UPDATE=1 the expected files are rewritten (review the difference).
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
dir=$(dirname "$0")
failed=0
for f in "$dir"/kir_*.dsl; do
  expected=${f%.dsl}.expected
  got=$("$prismc" dump --after lower "$f" 2>&1 | sed -n '/^-- kernels/,$p' |
    sed -e 's|[^ ]*/stdlib/|stdlib/|' -e "s|at $dir/|at tests/lower/|")
  if [ "${UPDATE:-0}" = 1 ]; then
    printf '%s\n' "$got" >"$expected"
  elif ! printf '%s\n' "$got" | diff -u "$expected" - >/dev/null; then
    echo "FAIL: $f: the kernel IR differs from $expected:"
    printf '%s\n' "$got" | diff -u "$expected" - | head -40
    failed=1
  else
    echo "PASS: $f"
  fi
done
exit $failed
