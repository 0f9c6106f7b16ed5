#!/bin/sh
# bench/soacs: fused SOAC chains against hand-written C loops (C backend, one core).
#
#   bench/soacs/run.sh [PRISMC] [RUNS] [N]
#
# Compiles soacs.dsl with `PRISMC c --library`, and the generated library, baseline.c
# (the hand-written loops) and harness.c with $CC $CFLAGS (default: cc -O3 -std=c99,
# as prismc's own default). The harness makes inputs of N elements (default 10^7,
# pseudo-random, never zero), checks each entry point's results against its C loop,
# then times both, alternating, 2 warm-up runs and RUNS timed runs (default 10): only
# the entry point's call, and the C function's. The generated executable
# (`PRISMC c`) is then run once per entry point on the same inputs with -P, which
# prints the peak memory of arrays, to compare with the sizes of the entry point's
# arguments and results: what is above them is temporaries.
#
# Prints a Markdown table and writes the numbers as JSON to $SOACS_JSON (default
# soacs.json in the current directory).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prismc=${1:-./prismc}
runs=${2:-10}
n=${3:-10000000}
cc=${CC:-cc}
cflags=${CFLAGS:--O3 -std=c99}
json=${SOACS_JSON:-soacs.json}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$prismc" c --library "$here/soacs.dsl" -o "$tmp/soacs"
"$prismc" c "$here/soacs.dsl" -o "$tmp/soacs-exe"
# shellcheck disable=SC2086 # CFLAGS is a list of flags
for src in "$tmp/soacs.c" "$here/baseline.c" "$here/harness.c"; do
  $cc $cflags -I"$tmp" -I"$here" -c "$src" -o "$tmp/$(basename "$src" .c).o"
done
# shellcheck disable=SC2086
$cc $cflags -o "$tmp/harness" "$tmp/harness.o" "$tmp/baseline.o" "$tmp/soacs.o" -lm

"$tmp/harness" "$n" "$runs" "$tmp/times"

# Peak memory of each entry point on the same inputs, one at a time (the text of an
# input is large).
: > "$tmp/peaks"
while read -r name _; do
  "$tmp/harness" --input "$name" "$n" "$tmp/input"
  "$tmp/soacs-exe" -e "$name" -P < "$tmp/input" > /dev/null 2> "$tmp/peak"
  peak=$(sed -n 's/^peak memory: \([0-9]*\) bytes$/\1/p' "$tmp/peak")
  echo "$name ${peak:-?}" >> "$tmp/peaks"
  rm -f "$tmp/input"
done < "$tmp/times"

# name prism_ms c_ms ratio prism_min c_min bytes io_bytes, then the peak.
awk 'NR == FNR { peak[$1] = $2; next } { print $0, peak[$1] }' "$tmp/peaks" "$tmp/times" \
  > "$tmp/all"
printf '%s' "| benchmark | Prism ms | C ms | Prism GB/s | C GB/s | Prism speed / C "
echo "| args+results MB | peak MB | temporaries MB |"
echo "|---|---|---|---|---|---|---|---|---|"
awk '{
  printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2fx ", $1, $2, $3, $7 / $2 / 1e6, $7 / $3 / 1e6, $4
  printf "| %.1f | %.1f | %.1f |\n", $8 / 1e6, $9 / 1e6, ($9 - $8) / 1e6
}' "$tmp/all"
awk -v n="$n" -v runs="$runs" '
  BEGIN { printf "{\"n\": %s, \"runs\": %s, \"benchmarks\": [", n, runs; sep = "" }
  {
    printf "%s\n  {\"name\": \"%s\", \"prism_ms\": %s, \"c_ms\": %s, ", sep, $1, $2, $3
    printf "\"speed_ratio\": %s, \"prism_min_ms\": %s, \"c_min_ms\": %s, ", $4, $5, $6
    printf "\"bytes\": %s, \"io_bytes\": %s, \"peak_bytes\": %s}", $7, $8, $9
    sep = ","
  }
  END { print "\n]}" }' "$tmp/all" > "$json"
