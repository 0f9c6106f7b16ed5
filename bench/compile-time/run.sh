#!/bin/sh
# bench/compile-time: how long prismc takes on a program of about 500 lines.
#
#   bench/compile-time/run.sh [PRISMC] [RUNS]
#
# Times, over RUNS runs (default 10), the median wall time of
#   1. prismc check          (parse, type check)
#   2. prismc c --library    (the whole compiler, up to the C text)
#   3. prismc c              (the same plus the C compiler, $CC $CFLAGS)
# on bench/compile-time/program.dsl and on stdlib/prelude.dsl, and prints a table.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${1:-./prismc}
runs=${2:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Median of the runs, in milliseconds, of the command given as arguments.
median_ms() {
  i=0
  : > "$tmp/times"
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 )) >> "$tmp/times"
    i=$((i + 1))
  done
  sort -n "$tmp/times" | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

program="$here/program.dsl"
lines=$(wc -l < "$program")
check=$(median_ms "$prismc" check "$program")
to_c=$(median_ms "$prismc" c --library "$program" -o "$tmp/lib")
full_runs=$runs
runs=3
full=$(median_ms "$prismc" c "$program" -o "$tmp/exe")
runs=$full_runs
c_lines=$(wc -l < "$tmp/lib.c")

echo "| program | lines | prismc check | prismc to C | C lines | with \$CC (${CC:-cc} ${CFLAGS:--O3 -std=c99}) |"
echo "|---|---|---|---|---|---|"
echo "| bench/compile-time/program.dsl | $lines | $check ms | $to_c ms | $c_lines | $full ms |"
