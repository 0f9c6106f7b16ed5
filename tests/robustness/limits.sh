#!/bin/sh
# The limits of docs/robustness.md: inputs far past what a program needs give a
# located error (exit status 1) or compile, quickly, and never crash, hang or leak.
# The inputs are made here, in a temporary directory, as they are too big to keep:
#  - nesting 100 000 deep (parentheses, let chains, lets, lambdas, conditionals,
#    operator chains, records, tuple types, modules): rejected by the parser;
#  - nesting just under the parser's limit of 10 000: compiled (lambdas 5 000 deep:
#    the type of each is as deep as the nest below it, and checking takes time
#    quadratic in the depth);
#  - a chain of 100 000 calls, each a definition of its own: compiled, or rejected
#    as nesting too deep (which it is where the stack is smaller, as in sanitizer
#    builds), never a crash;
#  - 100 000 definitions, and 1 MB of source: compiled in under 2 s each;
#  - a source file larger than 64 MiB, and /dev/zero (not a regular file): rejected.
# Time limits are 5 times longer in sanitizer builds (PRISM_SANITIZERS=yes).
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/limits.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
slow=1
if [ "${PRISM_SANITIZERS:-no}" = yes ]; then
  slow=5
fi
failed=0

# gen FILE AWK-PROGRAM: writes the program the awk code prints (n is 100000).
gen() {
  awk -v n=100000 "BEGIN { $2 }" > "$tmp/$1.dsl"
}

# run NAME SECONDS ARGS...: runs prismc ARGS on $tmp/NAME.dsl with a time limit; sets
# status and the time taken in milliseconds.
run() {
  name=$1 limit=$(($2 * slow))
  shift 2
  start=$(date +%s%N)
  timeout -k 5 $((limit + 30)) "$prismc" "$@" "$tmp/$name.dsl" > "$tmp/$name.out" 2>&1
  status=$?
  took=$((($(date +%s%N) - start) / 1000000))
}

# A failure, with what prismc said.
fail() {
  echo "FAIL: $*"
  sed -e '6,$d' -e 's/^/    /' "$tmp/$name.out"
  failed=1
}

# reject NAME SECONDS REGEX: prismc check must fail with status 1 and a located error
# matching REGEX, within SECONDS.
reject() {
  run "$1" "$2" check
  if [ "$status" -ne 1 ]; then
    fail "$1: expected exit status 1, got $status"
  elif ! grep -Eq "^$tmp/$1.dsl:[0-9]+:[0-9]+: error: $3" "$tmp/$1.out"; then
    fail "$1: expected a located error matching /$3/"
  elif [ "$took" -gt $(($2 * slow * 1000)) ]; then
    fail "$1: took $took ms, more than $(($2 * slow)) s"
  else
    echo "PASS: $1: rejected in $took ms"
  fi
}

# accept NAME SECONDS [ALSO-REGEX]: prismc c --library must succeed within SECONDS; with
# ALSO-REGEX, a located error matching it is accepted too.
accept() {
  run "$1" "$2" c --library -o "$tmp/$1"
  if [ "$status" -eq 1 ] && [ -n "${3:-}" ] &&
    grep -Eq "^$tmp/$1.dsl:[0-9]+:[0-9]+: error: $3" "$tmp/$1.out"; then
    echo "PASS: $1: rejected in $took ms ($(grep -Eo "error: .*" "$tmp/$1.out" | head -n 1))"
  elif [ "$status" -ne 0 ]; then
    fail "$1: expected it to compile, got exit status $status"
  elif [ "$took" -gt $(($2 * slow * 1000)) ]; then
    fail "$1: took $took ms, more than $(($2 * slow)) s"
  else
    echo "PASS: $1: compiled in $took ms"
  fi
}

deep='nesting too deep'
gen parens_100k 'printf "entry main (x: i32) = "; for (i = 0; i < n; i++) printf "(";
  printf "x"; for (i = 0; i < n; i++) printf ")"; print ""'
reject parens_100k 2 "$deep"
gen let_in_100k 'print "entry main (x: i32) ="; for (i = 0; i < n; i++) print "let y = x in";
  print "x"'
reject let_in_100k 2 "$deep"
gen let_chain_100k 'print "entry main (x: i32) ="; for (i = 0; i < n; i++) print "let y = x";
  print "in x"'
reject let_chain_100k 2 "$deep"
gen lambdas_100k 'printf "entry main (x: i32) = ("; for (i = 0; i < n; i++) printf "\\y -> ";
  print "x) 1"'
reject lambdas_100k 2 "$deep"
gen ifs_100k 'print "entry main (x: i32) ="; for (i = 0; i < n; i++) print "if x > 0 then 1 else";
  print "0"'
reject ifs_100k 2 "$deep"
gen additions_100k 'printf "entry main (x: i32) = x"; for (i = 0; i < n; i++) printf " + x";
  print ""'
reject additions_100k 2 "$deep"
gen records_100k 'printf "entry main (x: i32) = "; for (i = 0; i < n; i++) printf "{a = ";
  printf "x"; for (i = 0; i < n; i++) printf "}"; print ""'
reject records_100k 2 "$deep"
gen tuple_type_100k 'printf "type t = "; for (i = 0; i < n; i++) printf "(i32, ";
  printf "i32"; for (i = 0; i < n; i++) printf ")"; print ""'
reject tuple_type_100k 2 "$deep"
gen modules_100k 'for (i = 0; i < n; i++) printf "module m = {"; printf "def x = 1i32";
  for (i = 0; i < n; i++) printf "}"; print ""'
reject modules_100k 2 "$deep"

gen parens_9990 'n = 9990; printf "entry main (x: i32) = ";
  for (i = 0; i < n; i++) printf "("; printf "x"; for (i = 0; i < n; i++) printf ")"; print ""'
accept parens_9990 2
gen let_chain_9990 'n = 9990; print "entry main (x: i32) =";
  for (i = 0; i < n; i++) print "let x = x + 1"; print "in x"'
accept let_chain_9990 2
gen ifs_9990 'n = 9990; print "entry main (x: i32) =";
  for (i = 0; i < n; i++) print "if x > " i " then " i " else"; print "0"'
accept ifs_9990 2
gen additions_9990 'n = 9990; printf "entry main (x: i32) = x";
  for (i = 0; i < n; i++) printf " + x"; print ""'
accept additions_9990 2
gen lambdas_5000 'n = 5000; printf "entry main (x: i32) = (";
  for (i = 0; i < n; i++) printf "\\y%d -> ", i; printf "x)"; for (i = 0; i < n; i++) printf " 1";
  print ""'
accept lambdas_5000 3

gen calls_100k 'print "def f0 (x: i32) = x + 1";
  for (i = 1; i < n; i++) print "def f" i " (x: i32) = f" i - 1 " x";
  print "entry main (x: i32) = f" n - 1 " x"'
accept calls_100k 5 "$deep"
gen definitions_100k 'for (i = 0; i < n; i++) print "def d" i " : i32 = " i;
  print "entry main (x: i32) = x + d99999"'
accept definitions_100k 2
# 1 MB of ordinary code: functions that are all called from the entry point.
gen one_megabyte 'n = 6000;
  for (i = 0; i < n; i++) {
    print "-- | Function number " i ".";
    print "def g" i " (xs: []f32) (k: i64) : f32 =";
    print "  let ys = map (\\x -> x * 2.5f32 + f32.i64 k) xs";
    print "  let t = reduce (+) 0f32 ys";
    print "  in if t > 100f32 then t - f32.i64 " i " else t * 0.5f32";
  }
  printf "entry main (xs: []f32) : f32 = 0f32";
  for (i = 0; i < n; i += 50) printf " + g%d xs %d", i, i; print ""'
size=$(wc -c < "$tmp/one_megabyte.dsl")
if [ "$size" -lt 1000000 ]; then
  echo "FAIL: one_megabyte: the program made is only $size bytes"
  failed=1
fi
accept one_megabyte 2

# Larger than a source file may be: rejected without reading it all.
head -c 67108865 /dev/zero | tr '\0' ' ' > "$tmp/huge.dsl"
name=huge
run huge 5 check
if [ "$status" -eq 1 ] && grep -q "too large" "$tmp/huge.out"; then
  echo "PASS: huge: rejected in $took ms"
else
  fail "huge: expected exit status 1 and 'too large', got status $status"
fi
rm -f "$tmp/huge.dsl"
start=$(date +%s%N)
timeout -k 5 $((10 * slow)) "$prismc" check /dev/zero > "$tmp/zero.out" 2>&1
status=$?
name=zero
if [ "$status" -eq 2 ] && grep -q "not a regular file" "$tmp/zero.out"; then
  echo "PASS: /dev/zero: rejected in $((($(date +%s%N) - start) / 1000000)) ms"
else
  fail "/dev/zero: expected exit status 2 and 'not a regular file', got status $status"
fi
exit $failed
