#!/bin/sh
# Large array literals compile quickly (Note [literals as static data] in
# src/backend_c/emit_exp.c): a program holding 1 MB of literals (a one-dimensional
# literal of 150 000 i32 and a two-dimensional one of 500 x 50 f64) compiles to an
# executable within LIMIT seconds (default 60; five times longer in sanitizer builds,
# PRISM_SANITIZERS=yes) with the C backend, and with the OpenCL backend where an OpenCL
# platform is installed, and the executable computes the sums and elements that awk
# computes from the same numbers. A store per element took the C compiler minutes.
#
# Environment: PRISMC (default ./prismc), PRISM_TEST_CFLAGS (the C compiler flags, as
# tests/run-test.sh uses them). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
if [ -n "${PRISM_TEST_CFLAGS:-}" ]; then
  CFLAGS=$PRISM_TEST_CFLAGS
  export CFLAGS
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/literal_size.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
slow=1
if [ "${PRISM_SANITIZERS:-no}" = yes ]; then
  slow=5
fi
limit=$((${LIMIT:-60} * slow))
failed=0

# The program, and the expected output: the sum of the i32s (wrapping is not reached:
# |x| < 10 000), the element at index 12 345, the sum of the f64s (small integers and
# halves, exact in f64) and the element at [321, 7].
awk -v n=150000 -v rows=500 -v cols=50 'BEGIN {
  srand(7)
  printf "entry main (i: i64) (r: i64) (c: i64) : (i32, i32, f64, f64) =\n  let xs = ["
  for (k = 0; k < n; k++) {
    x = int(rand() * 19999) - 9999
    sum += x
    if (k == 12345) { at = x }
    printf "%s%d", (k > 0 ? ", " : ""), x
  }
  printf "]\n  let yss = ["
  for (r = 0; r < rows; r++) {
    printf "%s[", (r > 0 ? ", " : "")
    for (c = 0; c < cols; c++) {
      y = (int(rand() * 4001) - 2000) / 2
      fsum += y
      if (r == 321 && c == 7) { fat = y }
      printf "%s%.1ff64", (c > 0 ? ", " : ""), y
    }
    printf "]"
  }
  printf "]\n  in (reduce (+) 0 xs, xs[i], reduce (+) 0 (flatten yss), yss[r, c])\n"
  printf "%di32\n%di32\n%.1ff64\n%.1ff64\n", sum, at, fsum, fat > "/dev/stderr"
}' > "$tmp/big.dsl" 2> "$tmp/expected"
size=$(wc -c < "$tmp/big.dsl")
if [ "$size" -lt 1000000 ]; then
  echo "FAIL: the program has $size bytes, fewer than 1 MB"
  exit 1
fi

backends=c
if command -v clinfo > /dev/null 2>&1 && clinfo -l 2> /dev/null | grep -q '^Platform'; then
  backends="c opencl"
elif ! command -v clinfo > /dev/null 2>&1 && ls /etc/OpenCL/vendors/*.icd > /dev/null 2>&1; then
  backends="c opencl"
fi

for backend in $backends; do
  start=$(date +%s%N)
  timeout -k 5 $((limit + 30)) "$prismc" "$backend" "$tmp/big.dsl" -o "$tmp/big-$backend" \
    > "$tmp/compile.txt" 2>&1
  status=$?
  took=$((($(date +%s%N) - start) / 1000000))
  if [ $status -ne 0 ]; then
    echo "FAIL: $backend: prismc exited with status $status"
    sed -e '6,$d' -e 's/^/    /' "$tmp/compile.txt"
    failed=1
    continue
  fi
  if [ "$took" -gt $((limit * 1000)) ]; then
    echo "FAIL: $backend: compiling took $took ms, more than $limit s"
    failed=1
  fi
  if ! echo "12345i64 321i64 7i64" | "$tmp/big-$backend" > "$tmp/actual" 2>&1; then
    echo "FAIL: $backend: the program failed"
    sed -e '6,$d' -e 's/^/    /' "$tmp/actual"
    failed=1
  elif ! tr -s ' \n' '\n' < "$tmp/actual" | grep -v '^$' | cmp -s - "$tmp/expected"; then
    echo "FAIL: $backend: wrong results"
    echo "    expected: $(tr '\n' ' ' < "$tmp/expected")"
    echo "    actual:   $(head -c 300 "$tmp/actual" | tr '\n' ' ')"
    failed=1
  else
    echo "PASS: $backend: $size bytes of literals compiled in $took ms"
  fi
done
exit $failed
