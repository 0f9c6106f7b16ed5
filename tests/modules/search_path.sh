#!/bin/sh
# Where `import "path"` looks (docs/modules.md): next to the importing file first, then
# in the -I directories in order, then in the PRISM_PATH directories in order, then in
# the standard library. The test runner cannot pass -I or set PRISM_PATH, so this
# script compiles and runs small programs in a temporary directory itself.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/search_path.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
unset PRISM_PATH

mkdir -p "$tmp/inc1" "$tmp/inc2" "$tmp/env1" "$tmp/env2" "$tmp/src"
# A file where.dsl in each directory, whose `which` tells which one was found.
printf 'def which = 1i32\n' > "$tmp/inc1/where.dsl"
printf 'def which = 2i32\n' > "$tmp/inc2/where.dsl"
printf 'def which = 3i32\n' > "$tmp/env1/where.dsl"
printf 'def which = 4i32\n' > "$tmp/env2/where.dsl"
printf 'def only_in_env2 = 40i32\n' > "$tmp/env2/env2_only.dsl"
printf 'def only_in_inc2 = 20i32\n' > "$tmp/inc2/inc2_only.dsl"
# A file named like the standard library's complex.dsl, to shadow it.
printf 'def which_complex = 5i32\n' > "$tmp/env1/complex.dsl"
printf 'import "where"\nentry main (x: i32) : i32 = which + x\n' > "$tmp/src/main.dsl"

failed=0
# run NAME EXPECTED [ENV=VALUE] -- PRISMC-ARGUMENTS: compiles and runs with input 0i32.
run() {
  name=$1 expected=$2
  shift 2
  envs=""
  while [ "$1" != "--" ]; do
    envs="$envs $1"
    shift
  done
  shift
  # shellcheck disable=SC2086 # (envs are words NAME=VALUE)
  if ! (cd "$tmp/src" && env $envs "$prismc" c "$@" -o "$tmp/prog") > "$tmp/err" 2>&1; then
    echo "FAIL: $name: prismc c $* failed:"
    sed 's/^/  /' "$tmp/err"
    failed=1
    return
  fi
  got=$(echo 0i32 | "$tmp/prog" 2>&1)
  if [ "$got" = "$expected" ]; then
    echo "PASS: $name"
  else
    echo "FAIL: $name: expected $expected, got $got"
    failed=1
  fi
}

# reject NAME REGEX [ENV=VALUE] -- PRISMC-ARGUMENTS: the compiler must fail with REGEX.
reject() {
  name=$1 regex=$2
  shift 2
  envs=""
  while [ "$1" != "--" ]; do
    envs="$envs $1"
    shift
  done
  shift
  # shellcheck disable=SC2086
  if (cd "$tmp/src" && env $envs "$prismc" c "$@" -o "$tmp/prog") > "$tmp/err" 2>&1; then
    echo "FAIL: $name: prismc c $* compiled, but should have failed"
    failed=1
  elif grep -Eq -- "$regex" "$tmp/err"; then
    echo "PASS: $name"
  else
    echo "FAIL: $name: the error does not match /$regex/:"
    sed 's/^/  /' "$tmp/err"
    failed=1
  fi
}

reject "not found without -I or PRISM_PATH" \
  'main\.dsl:1:8: error: cannot find the file imported as "where"' -- main.dsl
run "-I DIR" 1i32 -- -I "$tmp/inc1" main.dsl
run "-I DIR relative to the working directory" 2i32 -- -I ../inc2 main.dsl
run "the first -I DIR that has the file" 2i32 -- -I "$tmp/inc2" -I "$tmp/inc1" main.dsl
run "PRISM_PATH" 3i32 PRISM_PATH="$tmp/env1" -- main.dsl
run "PRISM_PATH with several directories" 4i32 PRISM_PATH="$tmp/env2:$tmp/env1" -- main.dsl
run "-I before PRISM_PATH" 1i32 PRISM_PATH="$tmp/env1" -- -I "$tmp/inc1" main.dsl

# Both together: a file only in PRISM_PATH and a file only in an -I directory.
printf 'import "env2_only"\nimport "inc2_only"\nentry main (x: i32) : i32 = only_in_env2 + only_in_inc2 + x\n' \
  > "$tmp/src/both.dsl"
run "-I and PRISM_PATH together" 60i32 PRISM_PATH="$tmp/env1:$tmp/env2" -- -I "$tmp/inc2" both.dsl

# The file next to the importing file comes before -I and PRISM_PATH.
printf 'def which = 9i32\n' > "$tmp/src/where.dsl"
run "next to the importing file before -I and PRISM_PATH" 9i32 PRISM_PATH="$tmp/env1" -- \
  -I "$tmp/inc1" main.dsl
rm "$tmp/src/where.dsl"

# PRISM_PATH comes before the standard library.
printf 'import "complex"\nentry main (x: i32) : i32 = which_complex + x\n' > "$tmp/src/shadow.dsl"
run "PRISM_PATH before the standard library" 5i32 PRISM_PATH="$tmp/env1" -- shadow.dsl
printf 'import "complex"\nentry main (x: i32) : i32 = i32.f32 (complex32.re complex32.one) + x\n' \
  > "$tmp/src/stdlib.dsl"
run "the standard library last" 1i32 PRISM_PATH="$tmp/env2" -- -I "$tmp/inc1" stdlib.dsl

exit "$failed"
