#!/bin/sh
# run-capi.sh: the C API tests (DESIGN.md sections 3 and 5; docs/c-api.md).
#
#   tests/capi/run-capi.sh [TEST...]       default: every test of the C backend (below)
#
# `make check` runs it (Makefile.am: TESTS), and through run-capi-opencl.sh the tests
# of the OpenCL backend. Each test is a C program, tests/capi/T.c, that uses the
# libraries `prismc c --library` makes from .dsl programs beside it. For each test
# this script compiles the libraries, compiles the program and the libraries with
# $CC -Wall -Wextra -pedantic -std=c99 -Werror, and runs it
#   - under valgrind --leak-check=full --error-exitcode=1 when valgrind is installed
#     (otherwise as it is), and
#   - built with -fsanitize=address,undefined when the compiler supports it (with
#     LeakSanitizer where it works).
# The program checks its own results and exits 0 when all its checks pass; where
# T.out exists, its output must also be the same as T.out. The test
# `manifest` checks the JSON manifest of manifest.dsl with check-manifest.py (python3),
# or with grep where python3 cannot load its json module.
#
# Tests named opencl_* (run-capi-opencl.sh runs them all; this script only when they
# are named) use `prismc opencl --library` and link with -lOpenCL. They are skipped
# (a SKIP line) when no OpenCL platform is installed or the compiler cannot build an
# OpenCL program, and run with PRISM_CAPI_TMPDIR set to an empty directory of their
# own. PoCL under valgrind takes minutes, so they run under valgrind (with
# tests/unit/pocl.supp) only when PRISM_CAPI_VALGRIND_OPENCL=yes; the sanitizer build,
# LeakSanitizer included, checks them every time.
#
# The FFT accuracy tests, fft_accuracy and opencl_fft_accuracy (run-capi-fft.sh and
# run-capi-opencl.sh run them; this script only when they are named), link with FFTW
# (-lfftw3 -lfftw3f) and are skipped when it is not installed. Transforms of a million
# elements take minutes under valgrind and the sanitizers, so fft_accuracy's plain build
# also runs as it is, with every length, and under valgrind and the sanitizers with
# PRISM_FFT_ACCURACY_MAX (the largest number of elements) at 4096 and 65537.
#
# Environment: PRISMC (default ./prismc), PRISM_TEST_CC or CC (default cc), CFLAGS_CAPI
# (optimisation and debugging flags, default -O2 -g; -O0 -g for the sanitizer build),
# PRISM_SANITIZER_CFLAGS (the sanitizer build's flags, from configure),
# PRISM_TEST_TMPDIR (where the temporary directory goes, default $TMPDIR or /tmp),
# PRISM_TEST_KEEP=1 (keep it), PRISM_TEST_TIMEOUT (seconds per run, default 300),
# PRISM_CAPI_VALGRIND=no, PRISM_CAPI_SANITIZE=no and PRISM_CAPI_PYTHON=no (do without
# valgrind, the sanitizers, python3).
#
# Exit status (Automake's convention): 0 pass, 1 fail, 77 skip (prismc is missing, or
# every test asked for was skipped).
set -u

here=$(cd "$(dirname "$0")" && pwd)
prismc=${PRISMC:-./prismc}
cc=${PRISM_TEST_CC:-${CC:-cc}}
cflags=${CFLAGS_CAPI:--O2 -g}
warnings="-Wall -Wextra -pedantic -std=c99 -Werror"
run_timeout=${PRISM_TEST_TIMEOUT:-300}
tmp_root=${PRISM_TEST_TMPDIR:-${TMPDIR:-/tmp}}

# The tests: every C program T.c here but opencl_*.c and fft_*.c, and `manifest`. A
# test's libraries are T.dsl, unless this says otherwise (DSL[:PREFIX] each).
all_tests="$(cd "$here" && for f in *.c; do
  case $f in opencl_* | fft_*) ;; *) [ -f "$f" ] && echo "${f%.c}" ;; esac
done) manifest"
libraries_of() {
  case $1 in
    prefix) echo "prefix_alpha.dsl:alpha prefix_beta.dsl:beta" ;;
    manifest) echo "manifest.dsl:mani" ;;
    opencl_fft_accuracy) echo "fft_accuracy.dsl" ;;
    *) echo "$1.dsl" ;;
  esac
}

# The libraries that test $1 links with besides its own and the backend's.
external_libraries_of() {
  case $1 in
    *fft_accuracy) echo "-lfftw3 -lfftw3f" ;;
  esac
}

# The environment of test $1 under valgrind ($2 = valgrind) or the sanitizers ($2 =
# sanitize): NAME=VALUE words for env(1), or nothing.
instrumented_env_of() {
  case $1:$2 in
    fft_accuracy:valgrind) echo "PRISM_FFT_ACCURACY_MAX=4096" ;;
    fft_accuracy:sanitize) echo "PRISM_FFT_ACCURACY_MAX=65537" ;;
  esac
}

# The backend of test $1's libraries.
backend_of() {
  case $1 in
    opencl_*) echo opencl ;;
    *) echo c ;;
  esac
}

if [ ! -x "$prismc" ]; then
  echo "SKIP: $prismc not found (set PRISMC)"
  exit 77
fi
mkdir -p "$tmp_root" || exit 99
work=$(mktemp -d "$tmp_root/capi.XXXXXX") || exit 99
if [ "${PRISM_TEST_KEEP:-0}" = 1 ]; then
  echo "keeping $work"
else
  trap 'rm -rf "$work"' EXIT
  trap 'exit 1' HUP INT TERM
fi

failed=0
fail() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}
skipped=0
ran=0

# Prints a file indented, for a failure's details.
show() {
  sed -e '41,$d' -e 's/^/    /' "$1"
}

# Runs a command under the time limit (when `timeout` exists): stdout to $1, stderr
# to $2.
limited() {
  out=$1
  log=$2
  shift 2
  if command -v timeout >/dev/null 2>&1; then
    timeout "$run_timeout" "$@" >"$out" 2>"$log"
  else
    "$@" >"$out" 2>"$log"
  fi
}

# Whether the compiler builds and runs a program with the sanitizers. When prismc is
# built with them (configure --enable-sanitizers; make check passes its flags in
# PRISM_SANITIZER_CFLAGS), the generated code is built with the same flags, and must be.
sanitize_flags=${PRISM_SANITIZER_CFLAGS:-"-fsanitize=address,undefined -fno-sanitize-recover=all"}
sanitize_flags="$sanitize_flags -fno-omit-frame-pointer"
probe_sanitizers() {
  [ "${PRISM_CAPI_SANITIZE:-yes}" != no ] || [ -n "${PRISM_SANITIZER_CFLAGS:-}" ] || return 1
  printf '#include <stdlib.h>\nint main(void) { free(malloc(1)); return 0; }\n' \
    >"$work/probe.c"
  $cc $sanitize_flags "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 || return 1
  ASAN_OPTIONS=detect_leaks=0 "$work/probe" >/dev/null 2>&1
}

# LeakSanitizer does not work everywhere (under ptrace, in some containers).
probe_leak_sanitizer() {
  ASAN_OPTIONS=detect_leaks=1 "$work/probe" >/dev/null 2>&1
}

# Whether valgrind runs a program built with the test's flags. Valgrind may not read
# the compiler's debugging information (DWARF 5 from a newer clang, say): then the
# flags get -gdwarf-4 if that helps.
valgrind_command="valgrind -q --leak-check=full --error-exitcode=1"
probe_valgrind() {
  [ "${PRISM_CAPI_VALGRIND:-yes}" != no ] && command -v valgrind >/dev/null 2>&1 || return 1
  printf '#include <stdlib.h>\nint main(void) { free(malloc(1)); return 0; }\n' \
    >"$work/probe_vg.c"
  for extra in "" -gdwarf-4; do
    if $cc $cflags $extra "$work/probe_vg.c" -o "$work/probe_vg" >/dev/null 2>&1 &&
      $valgrind_command "$work/probe_vg" >"$work/probe_vg.log" 2>&1 &&
      [ ! -s "$work/probe_vg.log" ]; then
      cflags="$cflags${extra:+ $extra}"
      return 0
    fi
  done
  return 1
}

have_valgrind=no
if probe_valgrind; then
  have_valgrind=yes
fi
have_sanitizers=no
leaks=0
if probe_sanitizers; then
  have_sanitizers=yes
  if probe_leak_sanitizer; then
    leaks=1
  fi
elif [ -n "${PRISM_SANITIZER_CFLAGS:-}" ]; then
  fail "prismc is built with $PRISM_SANITIZER_CFLAGS, but $cc cannot build a program with them"
fi
# Whether an OpenCL platform is installed (as tests/run-test.sh decides) and the
# compiler builds and links a program that uses OpenCL.
probe_opencl() {
  if command -v clinfo >/dev/null 2>&1; then
    clinfo -l 2>/dev/null | grep -q '^Platform' || return 1
  else
    ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || return 1
  fi
  printf '#define CL_TARGET_OPENCL_VERSION 120\n#include <CL/cl.h>\n%s\n' \
    'int main(void) { cl_uint n = 0; return clGetPlatformIDs(0, NULL, &n) != CL_SUCCESS; }' \
    >"$work/probe_cl.c"
  $cc "$work/probe_cl.c" -o "$work/probe_cl" -lOpenCL >/dev/null 2>&1 && "$work/probe_cl"
}

have_opencl=no
if probe_opencl; then
  have_opencl=yes
fi
# Whether the compiler builds and links a program that uses FFTW in double and single
# precision.
probe_fftw() {
  printf '#include <fftw3.h>\n%s\n' \
    'int main(void) { fftw_cleanup(); fftwf_cleanup(); return 0; }' >"$work/probe_fftw.c"
  $cc "$work/probe_fftw.c" -o "$work/probe_fftw" -lfftw3 -lfftw3f -lm >/dev/null 2>&1 &&
    "$work/probe_fftw"
}

have_fftw=no
if probe_fftw; then
  have_fftw=yes
fi
echo "compiler: $cc $cflags; valgrind: $have_valgrind;" \
  "sanitizers: $have_sanitizers (leak detection: $leaks); OpenCL: $have_opencl;" \
  "FFTW: $have_fftw"

# Compiles the libraries of test $1 into $work/$1/: DSL.c, DSL.h, DSL.json.
make_libraries() {
  dir=$work/$1
  mkdir -p "$dir" || return 1
  for lib in $(libraries_of "$1"); do
    dsl=${lib%%:*}
    prefix=
    case $lib in *:*) prefix="--prefix ${lib#*:}" ;; esac
    if ! "$prismc" "$(backend_of "$1")" --library $prefix -o "$dir/${dsl%.dsl}" \
      "$here/$dsl" >"$dir/prismc.log" 2>&1; then
      fail "$1: prismc $(backend_of "$1") --library $prefix $dsl"
      show "$dir/prismc.log"
      return 1
    fi
  done
}

# Builds test $1 in mode $2 (plain or sanitize) with flags $3: the libraries and the
# program as separate objects, as an application would.
build() {
  dir=$work/$1
  objects=
  libs="$(external_libraries_of "$1") -lm"
  [ "$(backend_of "$1")" = c ] || libs="$(external_libraries_of "$1") -lOpenCL -lm"
  for lib in $(libraries_of "$1"); do
    base=${lib%%:*}
    base=${base%.dsl}
    if ! $cc $warnings $3 -c "$dir/$base.c" -o "$dir/$base.$2.o" >"$dir/cc.log" 2>&1; then
      fail "$1 ($2): the generated $base.c does not compile cleanly"
      show "$dir/cc.log"
      return 1
    fi
    objects="$objects $dir/$base.$2.o"
  done
  if ! $cc $warnings $3 -I"$dir" -I"$here" -c "$here/$1.c" -o "$dir/test-$1.$2.o" \
    >"$dir/cc.log" 2>&1 ||
    ! $cc $3 "$dir/test-$1.$2.o" $objects -o "$dir/test-$1.$2" $libs >>"$dir/cc.log" 2>&1; then
    fail "$1 ($2): $1.c does not compile cleanly"
    show "$dir/cc.log"
    return 1
  fi
}

# Runs test $1's build $3 (plain or sanitize), reported as mode $2, through the
# command in the remaining arguments. Where T.out exists, the program's output must
# be the same.
run() {
  name=$1
  mode=$2
  binary=$work/$name/test-$name.$3
  shift 3
  out=$work/$name/$mode.out
  log=$work/$name/$mode.log
  rm -rf "$work/$name/tmp-$mode"
  mkdir -p "$work/$name/tmp-$mode" || return
  ran=$((ran + 1))
  if ! PRISM_CAPI_TMPDIR=$work/$name/tmp-$mode limited "$out" "$log" "$@" "$binary"; then
    fail "$name ($mode)"
    cat "$out" >>"$log"
    show "$log"
  elif [ -f "$here/$name.out" ] && ! diff -u "$here/$name.out" "$out" >"$log" 2>&1; then
    fail "$name ($mode): the output differs from $name.out"
    show "$log"
  else
    echo "PASS: $name ($mode)"
  fi
}

run_c_test() {
  valgrind_here=$have_valgrind
  valgrind_args=
  if [ -n "$(external_libraries_of "$1")" ] && [ $have_fftw = no ]; then
    skipped=$((skipped + 1))
    echo "SKIP: $1 (FFTW is not installed: libfftw3-dev)"
    return
  fi
  if [ "$(backend_of "$1")" = opencl ]; then
    if [ $have_opencl = no ]; then
      skipped=$((skipped + 1))
      echo "SKIP: $1 (no OpenCL platform, or $cc cannot build an OpenCL program)"
      return
    fi
    [ "${PRISM_CAPI_VALGRIND_OPENCL:-no}" = yes ] || valgrind_here=no
    valgrind_args="--suppressions=$here/../unit/pocl.supp"
  fi
  make_libraries "$1" || return
  if build "$1" plain "$cflags"; then
    if [ $valgrind_here = no ] || [ -n "$(instrumented_env_of "$1" valgrind)" ]; then
      run "$1" plain plain env
    fi
    if [ $valgrind_here = yes ]; then
      run "$1" valgrind plain env $(instrumented_env_of "$1" valgrind) \
        $valgrind_command $valgrind_args
    fi
  fi
  if [ $have_sanitizers = yes ] &&
    build "$1" sanitize "${CFLAGS_CAPI:--O0 -g} $sanitize_flags"; then
    ASAN_OPTIONS="detect_leaks=$leaks:allocator_may_return_null=1" \
      UBSAN_OPTIONS=print_stacktrace=1 run "$1" sanitize sanitize env \
      $(instrumented_env_of "$1" sanitize)
  fi
}

run_manifest_test() {
  make_libraries manifest || return
  dir=$work/manifest
  if [ "${PRISM_CAPI_PYTHON:-yes}" != no ] && command -v python3 >/dev/null 2>&1 &&
    python3 -c 'import json' >/dev/null 2>&1; then
    if python3 "$here/check-manifest.py" "$dir/manifest.json" "$dir/manifest.h" \
      >"$dir/check.log" 2>&1; then
      echo "PASS: manifest (python3)"
    else
      fail "manifest (python3)"
      show "$dir/check.log"
    fi
    return
  fi
  # Without python3: the lines that matter, one by one.
  missing=0
  for line in '"backend": "c"' '"norm": {' '"cfun": "mani_entry_norm"' \
    '{"name": "xs", "type": "[]f32", "unique": false}' '{"type": "f32", "unique": false}' \
    '"grid": {' '{"type": "[][]i32", "unique": false}' \
    '{"name": "bytes", "type": "[]u8", "unique": true}' '{"type": "[]u8", "unique": true}' \
    '"split": {' '"[]f32": {' '"ctype": "struct mani_f32_1d *"' '"rank": 2' \
    '"elemtype": "u8"' '"new": "mani_new_i32_2d"' '"free": "mani_free_u8_1d"' \
    '"shape": "mani_shape_f32_1d"' '"values": "mani_values_i32_2d"'; do
    if ! grep -F -q "$line" "$dir/manifest.json"; then
      echo "    missing: $line"
      missing=1
    fi
  done
  if [ $missing = 0 ]; then
    echo "PASS: manifest (grep)"
  else
    fail "manifest (grep)"
  fi
}

tests=${*:-$all_tests}
for t in $tests; do
  case $t in
    manifest)
      ran=$((ran + 1))
      run_manifest_test
      ;;
    *)
      if [ ! -f "$here/$t.c" ]; then
        fail "$t: no such test ($here/$t.c)"
        continue
      fi
      run_c_test "$t"
      ;;
  esac
done
if [ $failed -gt 0 ]; then
  echo "$failed failure(s)"
  exit 1
fi
if [ $ran -eq 0 ] && [ $skipped -gt 0 ]; then
  exit 77
fi
exit 0
