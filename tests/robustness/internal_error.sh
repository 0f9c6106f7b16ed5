#!/bin/sh
# Internal compiler errors (docs/robustness.md): a bug in a pass is reported as
# `FILE:LINE:COL: internal compiler error in PASS: ...`, at the place the pass was
# working on, with exit status 3, no stack trace and no core dump, and frees what the
# pass held (which a sanitizer build checks). PRISM_TEST_CRASH=PASS makes a pass crash
# with SIGSEGV, PRISM_TEST_CRASH=PASS:ice makes it report an internal error
# (support/diag.h). A sanitizer build reports crashes with AddressSanitizer's report
# instead, so there only the second kind is checked.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/internal_error.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

cat > "$tmp/prog.dsl" <<'EOF'
def twice (x: i32) = x * 2
entry main (xs: []i32) = map (\x -> twice x + 1) xs
EOF

# check PASS MODE: prismc c on prog.dsl with PRISM_TEST_CRASH=PASS:MODE (MODE crash
# means plain PASS).
check() {
  pass=$1 mode=$2
  what=$pass
  [ "$mode" = crash ] || what=$pass:$mode
  (cd "$tmp" && ulimit -c unlimited 2>/dev/null
    PRISM_TEST_CRASH=$what "$prismc" c prog.dsl -o prog > out.txt 2> err.txt)
  status=$?
  first=$(head -n 1 "$tmp/err.txt")
  if [ "$status" -ne 3 ]; then
    echo "FAIL: $what: expected exit status 3, got $status"
  elif ! echo "$first" | grep -Eq "^prog\.dsl:[12]:[0-9]+: internal compiler error in $pass: "; then
    echo "FAIL: $what: expected 'prog.dsl:LINE:COL: internal compiler error in $pass: ...'"
  elif grep -Eqi 'backtrace|stack trace|^ *#[0-9]+ |core dumped|AddressSanitizer|LeakSanitizer' \
    "$tmp/err.txt"; then
    echo "FAIL: $what: a stack trace, a core dump or a sanitizer report"
  elif ls "$tmp" | grep -q '^core'; then
    echo "FAIL: $what: a core file was written"
  else
    echo "PASS: $what: $first"
    return
  fi
  sed -e '8,$d' -e 's/^/    /' "$tmp/err.txt"
  failed=1
}

for pass in internalise simplify fusion emit; do
  check "$pass" ice
  if [ "${PRISM_SANITIZERS:-no}" != yes ]; then
    check "$pass" crash
  fi
done
exit $failed
