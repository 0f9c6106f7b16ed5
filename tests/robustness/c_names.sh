#!/bin/sh
# C names of generated programs (docs/c-api.md, "Names"): entry points whose names
# become the same C name (f' and f_) are a located compile error in both backends,
# with and without --library, and nothing is written; entry points named like the
# API's own functions, the generated helpers or C keywords compile; a --prefix that is
# not a C identifier, or that clashes with the generated code's names (rts, RTS, entry,
# glue, inputs, outputs, fun; Note [Prefixes] in src/driver.c) is a usage error
# (status 2); prefixes next to those (prism_rts, rtsx, exit, cl, int, NULL) compile.
#
# Environment: PRISMC (default ./prismc), CC (default cc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
cc=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/c_names.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}

# Whether the OpenCL backend's C can be compiled here (its header is installed).
printf '#include <CL/cl.h>\nint x;\n' > "$tmp/cl.c"
if $cc -c -o "$tmp/cl.o" "$tmp/cl.c" 2>/dev/null; then
  backends="c opencl"
else
  backends="c"
fi

cat > "$tmp/clash.dsl" <<'DSL'
entry f' (x: i32) = x + 1
entry f_ (x: i32) = x + 2
DSL

for backend in $backends; do
  for lib in "" --library; do
    what="$backend${lib:+ $lib}: f' and f_"
    (cd "$tmp" && "$prismc" $backend $lib -o clash_out clash.dsl > out.txt 2> err.txt)
    status=$?
    if [ "$status" -ne 1 ]; then
      fail "$what: expected exit status 1, got $status"
    elif ! head -n 1 "$tmp/err.txt" | grep -Fq \
        "clash.dsl:2:7: error: the entry points 'f'' and 'f_' have the same C name prism_entry_f_"; then
      fail "$what: unexpected message: $(head -n 1 "$tmp/err.txt")"
    elif ! grep -Fq "clash.dsl:1:7: note: the entry point 'f'' is here" "$tmp/err.txt"; then
      fail "$what: no note at the first entry point"
    elif [ -e "$tmp/clash_out" ] || [ -e "$tmp/clash_out.c" ] || [ -e "$tmp/clash_out.h" ]; then
      fail "$what: wrote output although it failed"
    fi
  done
done

# Entry points named like the API's functions, the generated helpers, the runtime and C
# keywords.
cat > "$tmp/names.dsl" <<'DSL'
entry context_new (x: i32) = x + 1
entry new_f32_1d (xs: []f32) = map (* 2) xs
entry free_f32_1d (xs: []f32) = xs
entry entry_f (x: i32) = x + 3
entry glue_f (x: i32) = x + 4
entry inputs_f (x: i32) = x + 5
entry rts_context (x: i32) = x + 6
entry int (x: i32) = x + 7
entry main' (x: i32) = x + 8
DSL
for backend in $backends; do
  (cd "$tmp" && "$prismc" $backend --library -o names_$backend names.dsl > out.txt 2> err.txt)
  status=$?
  if [ "$status" -ne 0 ]; then
    fail "$backend --library: helper-like entry names: status $status: $(head -n 3 "$tmp/err.txt")"
  elif ! $cc -std=c99 -c -o "$tmp/names.o" "$tmp/names_$backend.c" > "$tmp/cc.txt" 2>&1; then
    fail "$backend --library: helper-like entry names: the C does not compile: $(grep error "$tmp/cc.txt" | head -n 2)"
  fi
done
(cd "$tmp" && "$prismc" c -o names names.dsl > out.txt 2> err.txt)
status=$?
if [ "$status" -ne 0 ]; then
  fail "c: helper-like entry names: status $status: $(head -n 3 "$tmp/err.txt")"
else
  got=$(echo '[1f32, 2f32]' | "$tmp/names" -e new_f32_1d 2>&1)
  [ "$got" = "[2.0f32, 4.0f32]" ] || fail "c: entry new_f32_1d gave '$got'"
  got=$(echo '1i32' | "$tmp/names" -e "main'" 2>&1)
  [ "$got" = "9i32" ] || fail "c: entry main' gave '$got'"
  got=$(echo '1i32' | "$tmp/names" -e rts_context 2>&1)
  [ "$got" = "7i32" ] || fail "c: entry rts_context gave '$got'"
fi

# Prefixes that cannot be used: status 2 and a message saying why.
refused() { # PREFIX MESSAGE
  (cd "$tmp" && "$prismc" c --library --prefix "$1" -o p names.dsl > out.txt 2> err.txt)
  status=$?
  if [ "$status" -ne 2 ]; then
    fail "--prefix '$1': expected exit status 2, got $status"
  elif ! grep -Fq "prismc: error: the prefix '$1' $2" "$tmp/err.txt"; then
    fail "--prefix '$1': unexpected message: $(head -n 1 "$tmp/err.txt")"
  fi
}
for prefix in rts RTS Rts rts_x entry Entry_x glue inputs outputs fun; do
  refused "$prefix" "would clash with the names of the generated code"
done
for prefix in 9a a-b _x "" "a b"; do
  refused "$prefix" "is not a C identifier"
done

# Prefixes next to the reserved ones, and names of C and its headers, compile.
for prefix in prism_rts rtsx entryx exit CL int NULL; do
  for backend in $backends; do
    (cd "$tmp" && "$prismc" $backend --library --prefix "$prefix" -o "p_$backend" names.dsl \
       > out.txt 2> err.txt)
    status=$?
    if [ "$status" -ne 0 ]; then
      fail "$backend --prefix $prefix: status $status: $(head -n 1 "$tmp/err.txt")"
    elif ! $cc -std=c99 -c -o "$tmp/p.o" "$tmp/p_$backend.c" > "$tmp/cc.txt" 2>&1; then
      fail "$backend --prefix $prefix: the C does not compile: $(grep error "$tmp/cc.txt" | head -n 2)"
    fi
  done
done

[ "$failed" -eq 0 ] && echo "PASS: c_names.sh"
exit "$failed"
