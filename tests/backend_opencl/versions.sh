#!/bin/sh
# Both versions of the multi-versioned kernels (docs/opencl.md, "Knobs"): the programs
# of intra.dsl, private_groups.dsl, segscan.dsl, reduce_rows.dsl and
# scatter_reads_dest.dsl (intra-group kernels) run with PRISM_INTRA=global, which
# forces the version whose arrays live in a global scratch buffer (the one that rows
# too long for local memory take), scatter_reads_dest.dsl, ../lower/kir_staged.dsl and
# stage_bytes.dsl also built with -DRTS_STAGE_TRIPS=8 (their scatters staged, on PoCL
# too), and
# those
# of segred.dsl and reduce_rows.dsl with PRISM_SEGMENTED=group and =flat; the programs
# whose map kernels walk rows (coalesce.dsl, transpose.dsl, map_inner.dsl, and
# segred.dsl's flat version) with PRISM_TRANSPOSE=always and =never, which force or
# forbid the coalescing transposes; narrow_wide.dsl and programs of each form with
# PRISM_INDEX=64, which runs every kernel from the wide program (64-bit indices), and
# whether narrow_wide.dsl runs the narrow or the wide program where its bounds say;
# every result must be the C backend's (tests/compare-values); the programs with group
# code with PRISM_SPECIALISE=1, which builds their kernels again for the values of
# their arguments; and that each version of kir_trips.dsl's group kernel unrolls its
# loops in its own specialised build.
#
# Environment: PRISMC (default ./prismc), COMPARE_VALUES (./tests/compare-values),
# PRISM_TEST_CFLAGS (the C compiler flags, as tests/run-test.sh uses them). Exit status:
# 0 pass, 1 fail, 77 skip (no OpenCL platform is installed).
set -u
prismc=${PRISMC:-./prismc}
compare=${COMPARE_VALUES:-./tests/compare-values}
. "$(dirname "$0")/common.sh"
dir=$(dirname "$0")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/opencl_versions.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

check() { # test-file env-setting...
  file=$1
  shift
  name=$(basename "$file" .dsl)
  "$prismc" c "$file" -o "$tmp/$name-c" 2> "$tmp/err.txt" ||
    { echo "FAIL: $file (C)"; failed=1; return; }
  "$prismc" opencl "$file" -o "$tmp/$name-cl" 2> "$tmp/err.txt" ||
    { echo "FAIL: $file (OpenCL)"; cat "$tmp/err.txt"; failed=1; return; }
  rm -f "$tmp"/in.*
  inputs "$file"
  for f in "$tmp"/in.[0-9]*; do
    case $f in *.entry) continue ;; esac
    entry=$(cat "$f.entry")
    "$tmp/$name-c" -e "$entry" < "$f" > "$tmp/expected" 2>&1
    if ! env "$@" "$tmp/$name-cl" -e "$entry" < "$f" > "$tmp/actual" 2> "$tmp/err.txt"; then
      echo "FAIL: $file entry $entry with $*: status $?"
      sed -e '12,$d' -e 's/^/    /' "$tmp/err.txt"
      failed=1
    elif ! "$compare" "$tmp/expected" "$tmp/actual" > "$tmp/diff.txt" 2>&1; then
      echo "FAIL: $file entry $entry with $*: wrong output"
      sed -e '12,$d' -e 's/^/    /' "$tmp/diff.txt"
      failed=1
    else
      echo "PASS: $file entry $entry with $*"
    fi
  done
}

check "$dir/intra.dsl" PRISM_INTRA=global
check "$dir/private_groups.dsl" PRISM_INTRA=global
check "$dir/segscan.dsl" PRISM_INTRA=global
check "$dir/reduce_rows.dsl" PRISM_INTRA=global
check "$dir/scatter_reads_dest.dsl" PRISM_INTRA=global
# Staged scatters (Note [staged scatters] in src/lower/kernels.c): PoCL stages only in
# a program built with -DRTS_STAGE_TRIPS (the ordinary tests there copy instead).
saved_cflags=${CFLAGS-}
CFLAGS="${CFLAGS:--O3 -std=c99} -DRTS_STAGE_TRIPS=8"
export CFLAGS
for staged in scatter_reads_dest.dsl ../lower/kir_staged.dsl stage_bytes.dsl; do
  check "$dir/$staged" PRISM_INTRA=local
  check "$dir/$staged" PRISM_INTRA=global
  check "$dir/$staged" PRISM_SPECIALISE=1
done
if [ -n "$saved_cflags" ]; then CFLAGS=$saved_cflags; else unset CFLAGS; fi
check "$dir/segred.dsl" PRISM_SEGMENTED=group
check "$dir/segred.dsl" PRISM_SEGMENTED=flat
check "$dir/reduce_rows.dsl" PRISM_SEGMENTED=group
check "$dir/reduce_rows.dsl" PRISM_SEGMENTED=flat
for setting in PRISM_TRANSPOSE=always PRISM_TRANSPOSE=never; do
  check "$dir/coalesce.dsl" "$setting"
  check "$dir/transpose.dsl" "$setting"
  check "$dir/map_inner.dsl" "$setting"
  check "$dir/segred.dsl" PRISM_SEGMENTED=flat "$setting"
done
# Which program runs (Note [narrow indices] in src/lower/ranges.c): the profile names a
# launch of the wide program "(64-bit)"; narrow_wide.dsl's affine takes it only when
# its bounds pass 32 bits.
"$prismc" opencl "$dir/narrow_wide.dsl" -o "$tmp/narrow" 2> "$tmp/err.txt" ||
  { echo "FAIL: narrow_wide.dsl (OpenCL)"; cat "$tmp/err.txt"; failed=1; }
for k in 3i64:narrow 10000000000i64:wide; do
  echo "[1i64, 2i64, 3i64] ${k%%:*}" | "$tmp/narrow" -e affine -P > /dev/null 2> "$tmp/profile.txt"
  if grep -q '(64-bit)' "$tmp/profile.txt"; then got=wide; else got=narrow; fi
  if [ "$got" = "${k#*:}" ]; then
    echo "PASS: narrow_wide.dsl affine with k = ${k%%:*} runs the $got program"
  else
    echo "FAIL: narrow_wide.dsl affine with k = ${k%%:*} ran the $got program:"
    sed 's/^/    /' "$tmp/profile.txt"
    failed=1
  fi
done
# Specialised kernels (Note [specialised kernels] in rts/opencl/opencl.c), which PoCL
# runs only when asked: every program with group code, and a failure in it.
for file in intra.dsl intra_race.dsl narrow_wide.dsl private_groups.dsl reduce_rows.dsl \
  rows_or_group.dsl scatter_reads_dest.dsl segscan.dsl ../lower/kir_branches.dsl \
  ../lower/kir_trips.dsl ../lower/kir_staged.dsl; do
  check "$dir/$file" PRISM_SPECIALISE=1
done
"$prismc" opencl "$dir/group_failures.dsl" -o "$tmp/failures" 2> "$tmp/err.txt" ||
  { echo "FAIL: group_failures.dsl (OpenCL)"; cat "$tmp/err.txt"; failed=1; }
echo '[[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] 0i64' |
  PRISM_SPECIALISE=1 "$tmp/failures" -e main -P > /dev/null 2> "$tmp/err.txt"
status=$?
if [ $status -ne 0 ] && grep -q '(specialised)' "$tmp/err.txt" &&
  grep -q 'group_failures\.dsl:24:13: error: division by zero' "$tmp/err.txt"; then
  echo "PASS: group_failures.dsl main fails with its message when specialised"
else
  echo "FAIL: group_failures.dsl main with PRISM_SPECIALISE=1 (status $status):"
  sed 's/^/    /' "$tmp/err.txt"
  failed=1
fi
# Each version of a group kernel unrolls its fixed loops in its own specialised build
# (Note [unrolled group loops] in src/lower/kernels.c): the guard before an unrolled
# copy names the kernel it is in. Until 2026-11-29 every version's named the local one,
# so the packed and global versions never unrolled.
"$prismc" opencl --library "$dir/../lower/kir_trips.dsl" -o "$tmp/trips" 2> "$tmp/err.txt" ||
  { echo "FAIL: kir_trips.dsl (OpenCL library)"; cat "$tmp/err.txt"; failed=1; }
awk '/"__kernel void / { k = $0; sub(/.*__kernel void /, "", k); sub(/\(.*/, "", k) }
  /#ifdef RTS_SPEC_/ { g = $0; sub(/.*#ifdef RTS_SPEC_/, "", g); sub(/\\n.*/, "", g) }
  /#pragma unroll/ { print k, g }' "$tmp/trips.c" > "$tmp/guards.txt"
if [ "$(awk '$1 == $2' "$tmp/guards.txt" | wc -l)" -eq 3 ] &&
  [ "$(awk '$1 != $2' "$tmp/guards.txt" | wc -l)" -eq 0 ]; then
  echo "PASS: kir_trips.dsl's three versions unroll under their own names"
else
  echo "FAIL: kir_trips.dsl's unrolled loops (kernel, guard):"
  sed 's/^/    /' "$tmp/guards.txt"
  failed=1
fi
# A kernel stages none of its scatters when its largest is too large to stage (Note
# [staged scatters] in src/lower/kernels.c): the kernel IR of stage_bytes.dsl has
# `mixed`'s two scatters (elements of 24 and 192 bytes) copied first, `pairs`' one
# staged.
"$prismc" dump --after lower "$dir/stage_bytes.dsl" > "$tmp/stage.txt" 2> "$tmp/err.txt" ||
  { echo "FAIL: stage_bytes.dsl (dump)"; cat "$tmp/err.txt"; failed=1; }
if [ "$(grep -c 'copied first; its copies' "$tmp/stage.txt")" -eq 2 ] &&
  [ "$(grep -c 'staged; its copies' "$tmp/stage.txt")" -eq 1 ]; then
  echo "PASS: stage_bytes.dsl's kernels stage by their largest scatter"
else
  echo "FAIL: stage_bytes.dsl's scatters (staged or copied first):"
  grep 'its copies' "$tmp/stage.txt" | sed 's/^/    /'
  failed=1
fi
# The wide program, forced: a map, group code, a scan, a reduction, scatter and hist.
for file in narrow_wide.dsl intra.dsl segscan.dsl segred.dsl map_inner.dsl scatter.dsl hist.dsl; do
  check "$dir/$file" PRISM_INDEX=64
done
exit $failed
