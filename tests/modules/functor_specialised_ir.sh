#!/bin/sh
# Modules are gone before the core IR: `prismc dump --after internalise` of a program
# that applies each of two functors twice (functor_specialised.dsl) shows monomorphic
# functions only, two specialised copies of each functor's function: scale with the
# constant 2 and with 3, total on i32 and on f64.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
dir=$(dirname "$0")
program=$dir/functor_specialised.dsl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/functor_specialised.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

if ! "$prismc" dump --after internalise "$program" > "$tmp/ir" 2> "$tmp/err"; then
  echo "FAIL: prismc dump --after internalise $program failed:"
  cat "$tmp/err"
  exit 1
fi

# Prints the body of every function whose name starts with $1 followed by a number,
# one function a line (its lines joined by spaces).
functions() {
  awk -v name="$1" '
    $1 == "fun" && $2 ~ ("^" name "_[0-9]+$") { inside = 1; text = "" }
    inside { text = text " " $0 }
    inside && /^}/ { print text; inside = 0 }
  ' "$tmp/ir"
}

failed=0
# expect NAME COUNT WANT: a check that passes when COUNT equals WANT.
expect() {
  if [ "$2" -eq "$3" ]; then
    echo "PASS: $1"
  else
    echo "FAIL: $1 (found $2, expected $3)"
    failed=1
  fi
}

functions scale > "$tmp/scale"
functions total > "$tmp/total"
expect "two specialised copies of scale" "$(wc -l < "$tmp/scale")" 2
expect "one scale multiplies by 2" "$(grep -c '\* 2i64' "$tmp/scale")" 1
expect "one scale multiplies by 3" "$(grep -c '\* 3i64' "$tmp/scale")" 1
expect "two specialised copies of total" "$(wc -l < "$tmp/total")" 2
expect "one total sums i32" "$(grep -c '\]i32)' "$tmp/total")" 1
expect "one total sums f64" "$(grep -c '\]f64)' "$tmp/total")" 1
expect "no module names in the IR" "$(grep -Ec 'module|summer|scaler|has_r' "$tmp/ir")" 0
if [ "$failed" -ne 0 ]; then
  echo "prismc dump --after internalise $program:"
  sed 's/^/  /' "$tmp/ir"
fi
exit "$failed"
