#!/bin/sh
# The group kernels on several work-group sizes, many times in a row: a missing barrier
# or initialisation in a group kernel shows as results that change from run to run or
# with the size of the groups. The programs of the tests with intra-group kernels and
# segmented reductions and scans (intra_race.dsl, intra.dsl, private_groups.dsl,
# segscan.dsl, segred.dsl, scatter_reads_dest.dsl, ../lower/kir_branches.dsl:
# branches, rotated slots, several rows per work-group, and ../lower/kir_staged.dsl:
# staged scatters) are compiled with -DRTS_GROUP=N for each work-group size N
# (docs/opencl.md, "Knobs"), or with -DRTS_GROUP=N -DRTS_PACKED_GROUP=P for a size
# written N/P, always with -DRTS_STAGE_TRIPS=8 (scatters staged on PoCL too), and
# each of their inputs runs PRISM_TEST_REPEAT times (default 3) in each
# version of the intra-group kernels (local memory with as many rows per work-group as
# fit, in groups of at most P work-items; local memory with one row per work-group of N
# work-items, PRISM_SEGMENTS_PER_GROUP=1 PRISM_SEGMENT_ITEMS=N; and the global scratch
# buffer); every result must be the C backend's (tests/compare-values).
#
# Environment: PRISMC (default ./prismc), COMPARE_VALUES (./tests/compare-values),
# PRISM_TEST_CFLAGS (the C compiler flags, as tests/run-test.sh uses them),
# PRISM_TEST_GROUP_SIZES (default "64 128 1024 256/32"; 256 with packed groups of at
# most 64 is the default, which the ordinary tests use), PRISM_TEST_REPEAT. Exit
# status: 0 pass, 1 fail, 77 skip (no OpenCL platform is installed).
set -u
prismc=${PRISMC:-./prismc}
compare=${COMPARE_VALUES:-./tests/compare-values}
. "$(dirname "$0")/common.sh"
dir=$(dirname "$0")
sizes=${PRISM_TEST_GROUP_SIZES:-64 128 1024 256/32}
repeat=${PRISM_TEST_REPEAT:-3}
base_cflags=${CFLAGS:--O1 -std=c99}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/opencl_group_sizes.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

check() { # test-file
  file=$1
  name=$(basename "$file" .dsl)
  CFLAGS=$base_cflags "$prismc" c "$file" -o "$tmp/$name-c" 2> "$tmp/err.txt" ||
    { echo "FAIL: $file (C)"; cat "$tmp/err.txt"; failed=1; return; }
  rm -f "$tmp"/in.*
  inputs "$file"
  for f in "$tmp"/in.[0-9]*; do
    case $f in *.entry) continue ;; esac
    "$tmp/$name-c" -e "$(cat "$f.entry")" < "$f" > "$f.expected" 2>&1
  done
  for size in $sizes; do
    group=${size%/*} flags="-DRTS_GROUP=$group -DRTS_STAGE_TRIPS=8"
    case $size in */*) flags="$flags -DRTS_PACKED_GROUP=${size#*/}" ;; esac
    CFLAGS="$base_cflags $flags" "$prismc" opencl "$file" -o "$tmp/$name-cl" \
      2> "$tmp/err.txt" ||
      { echo "FAIL: $file (OpenCL, RTS_GROUP=$size)"; cat "$tmp/err.txt"; failed=1; continue; }
    for f in "$tmp"/in.[0-9]*; do
      case $f in *.entry|*.expected) continue ;; esac
      entry=$(cat "$f.entry")
      bad=0
      for version in local single global; do
        intra=$version segments=0 items=0
        if [ $version = single ]; then intra=local segments=1 items=$group; fi
        i=0
        while [ $i -lt "$repeat" ] && [ $bad = 0 ]; do
          i=$((i + 1))
          if ! PRISM_INTRA=$intra PRISM_SEGMENTS_PER_GROUP=$segments PRISM_SEGMENT_ITEMS=$items \
               "$tmp/$name-cl" \
               -e "$entry" < "$f" > "$tmp/actual" 2> "$tmp/err.txt"; then
            echo "FAIL: $file entry $entry, RTS_GROUP=$size, PRISM_INTRA=$version, run $i: status $?"
            sed -e '12,$d' -e 's/^/    /' "$tmp/err.txt"
            bad=1
          elif ! "$compare" "$f.expected" "$tmp/actual" > "$tmp/diff.txt" 2>&1; then
            echo "FAIL: $file entry $entry, RTS_GROUP=$size, PRISM_INTRA=$version, run $i: wrong output"
            sed -e '12,$d' -e 's/^/    /' "$tmp/diff.txt"
            bad=1
          fi
        done
      done
      if [ $bad = 0 ]; then
        echo "PASS: $file entry $entry, RTS_GROUP=$size, $repeat runs of each version"
      else
        failed=1
      fi
    done
  done
}

for t in intra_race intra private_groups segscan segred scatter_reads_dest \
  ../lower/kir_branches ../lower/kir_staged; do
  check "$dir/$t.dsl"
done
exit $failed
