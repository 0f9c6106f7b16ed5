#!/bin/sh
# Types of exponential size stay shared (Note [Shared types] in typecheck/types.c):
# 40 nested abbreviations `type tK = (tK-1, tK-1)`, and 40 nested `let aK = (aK-1,
# aK-1)`, make types of 2^40 leaves in 80 nodes. Each used to take time and memory
# doubling per level, and so did unifying, joining (`if`) and looping over two such
# types built apart. Type checking them must take well under a second, a message
# must print such a type cut short, and the C backend must refuse them with a
# located error (Note [Types too large to flatten] in ir/internalise.c), quickly.
# Time limits are 5 times longer in sanitizer builds (PRISM_SANITIZERS=yes).
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shared_types.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
slow=1
if [ "${PRISM_SANITIZERS:-no}" = yes ]; then
  slow=5
fi
failed=0

awk 'BEGIN { print "type t0 = i32"
  for (k = 1; k <= 40; k++) printf "type t%d = (t%d, t%d)\n", k, k - 1, k - 1
  print "entry main (x: t40) : t40 = x" }' > "$tmp/abbreviations.dsl"
awk 'BEGIN { print "entry main (x: i32) =\n  let a0 = x"
  for (k = 1; k <= 40; k++) printf "  let a%d = (a%d, a%d)\n", k, k - 1, k - 1
  print "  in a40" }' > "$tmp/lets.dsl"
awk 'BEGIN { print "type t0 = i32"
  for (k = 1; k <= 40; k++) printf "type t%d = (t%d, t%d)\n", k, k - 1, k - 1
  print "entry main (x: t40) : i32 = x" }' > "$tmp/message.dsl"
# Two such types built apart, equal but not the same nodes: unified (the
# ascription), joined (the branches of an `if`), and a loop parameter.
awk 'BEGIN { print "type t0 = i32"
  for (k = 1; k <= 40; k++) printf "type t%d = (t%d, t%d)\n", k, k - 1, k - 1
  print "entry main (x: i32) : t40 =\n  let a0 = x\n  let b0 = x + 1"
  for (k = 1; k <= 40; k++) printf "  let a%d = (a%d, a%d)\n  let b%d = (b%d, b%d)\n", k, k - 1, k - 1, k, k - 1, k - 1
  print "  let c : t40 = if x > 0 then a40 else b40"
  print "  in loop (acc: t40) = c for i < 3 do if i == 1 then b40 else acc" }' > "$tmp/apart.dsl"
# The same type under the checks of sizes and uniqueness: a size parameter beside it,
# a unique parameter and result (causality), a record with an array updated in place,
# a function parameter of that type (size parameters used), an ascribed function.
abbrevs='BEGIN { print "type t0 = i32"
  for (k = 1; k <= 40; k++) printf "type t%d = (t%d, t%d)\n", k, k - 1, k - 1 }'
{ awk "$abbrevs"
  echo 'def h [n] (x: t40) (xs: [n]i32) : ([n]i32, t40) = (xs, x)'
  echo 'def u (x: *t40) : *t40 = x'
  echo 'def k [n] (f: t40 -> [n]i32) (x: t40) = f x'
  echo 'type^ r = {a: t40, b: []i32}'
  echo 'entry main (x: t40) (xs: *[]i32) ='
  echo '  let a = u (copy x)'
  echo '  let g : t40 -> t40 = \y -> y'
  echo '  let v : r = {a = g a, b = (h x xs).0}'
  echo '  let first = (k (\_ -> v.b) x)[0]'
  echo '  in (first, v.b with [0] = 1)'
} > "$tmp/rules.dsl"

# run NAME WANT_STATUS REGEX MS COMMAND FILE: the status, a line of stderr matching
# REGEX, and at most MS milliseconds (times $slow).
run() {
  name=$1 want=$2 regex=$3 ms=$4 command=$5 file=$6
  start=$(date +%s%N)
  timeout -k 5 $((20 * slow)) "$prismc" "$command" "$tmp/$file" -o "$tmp/$name" \
    > "$tmp/$name.out" 2> "$tmp/$name.err"
  status=$?
  took=$((($(date +%s%N) - start) / 1000000))
  if [ "$status" -ne "$want" ]; then
    echo "FAIL: $name: expected exit status $want, got $status"
    head -n 3 "$tmp/$name.err" | cut -c1-200
    failed=1
  elif [ -n "$regex" ] && ! grep -Eq -- "$regex" "$tmp/$name.err"; then
    echo "FAIL: $name: no line of the messages matches /$regex/"
    head -n 3 "$tmp/$name.err" | cut -c1-200
    failed=1
  elif [ "$took" -gt $((ms * slow)) ]; then
    echo "FAIL: $name: took $took ms, more than $((ms * slow)) ms"
    failed=1
  else
    echo "PASS: $name ($took ms)"
  fi
}

run check_abbreviations 0 '' 1000 check abbreviations.dsl
run check_lets 0 '' 1000 check lets.dsl
run check_apart 0 '' 1000 check apart.dsl
run check_rules 0 '' 1000 check rules.dsl
run message 1 '^.*message\.dsl:42:29: error: .*found \(\(\(\(.*\.\.\.' 1000 check message.dsl
# The message is cut short: no line of it is longer than 1000 characters.
if awk 'length($0) > 1000 { bad = 1 } END { exit !bad }' "$tmp/message.err"; then
  echo "FAIL: message: a line of the message is longer than 1000 characters"
  failed=1
fi
too_large="error: this value's type is too large: it has more than 100000 parts"
run c_abbreviations 1 "^.*abbreviations\.dsl:42:1: $too_large" 2000 c abbreviations.dsl
run c_lets 1 "^.*lets\.dsl:[0-9]+:[0-9]+: $too_large" 2000 c lets.dsl
exit $failed
