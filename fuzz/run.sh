#!/bin/sh
# run.sh: builds the libFuzzer targets and runs each for a while (docs/robustness.md).
#
#   fuzz/run.sh [SECONDS] [TARGET...]     default: 60 seconds each, every target
#
# The targets (fuzz_compile.c) are fuzz_parse, fuzz_typecheck, fuzz_emit and fuzz_cc
# (fuzz_emit that also compiles the emitted C of a sample of the inputs with
# `cc -fsyntax-only`: FUZZ_SYNTAX_CC, FUZZ_CC_SAMPLE, see fuzz_compile.c). They are
# built with clang -fsanitize=fuzzer,address,undefined from the compiler's sources,
# which needs a configured build tree for the generated lexer, parser and runtime
# (./configure, or setup.sh, first). Each target starts from a seed corpus (every .dsl
# file under tests/, examples/ and stdlib/ of at most MAX_LEN bytes) and the dictionary
# prism.dict, and fails on a crash, undefined behaviour, a leak, an internal compiler
# error, an input that takes more than 2 s (10 s for fuzz_cc, which runs cc) or more
# than 2 GiB. The inputs that a
# failing run leaves are in fuzz/build/artifacts/; reproduce one with
#   fuzz/build/fuzz_TARGET fuzz/build/artifacts/TARGET-crash-...
# or with prismc itself (`prismc dump --after STAGE FILE`). New inputs that the fuzzers
# find are kept in fuzz/build/corpus/TARGET/ for the next run.
#
# Environment: FUZZ_CC (default clang), PRISM_BUILD_DIR (the configured build tree,
# default the source tree), FUZZ_MAX_LEN (default 65536 bytes), FUZZ_FLAGS (more
# libFuzzer flags, e.g. -jobs=2). Exit status: 0 when every target ran clean, 1 when
# one failed, 2 when the targets cannot be built.
set -u

seconds=${1:-60}
if [ $# -gt 0 ]; then
  shift
fi
targets=${*:-parse typecheck emit cc}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=$(cd "${PRISM_BUILD_DIR:-$top}" && pwd)
out=$here/build
cc=${FUZZ_CC:-clang}
max_len=${FUZZ_MAX_LEN:-65536}
jobs=$(nproc 2>/dev/null || echo 2)

die() {
  echo "fuzz/run.sh: $*" >&2
  exit 2
}

case $seconds in
  '' | *[!0-9]*) die "SECONDS must be a whole number, not '$seconds'" ;;
esac
command -v "$cc" >/dev/null 2>&1 || die "$cc not found (apt-get install clang libclang-rt-14-dev)"
[ -f "$build/Makefile" ] || die "no configured build tree in $build (run ./configure first)"

# The generated sources come from the build tree's own rules.
make -s -C "$build" src/lexer/lexer.c src/parser/parser.c src/parser/parser.h \
  src/backend_c/rts_embed.inc src/backend_opencl/rts_cl_embed.inc >/dev/null ||
  die "cannot make the generated sources"

mkdir -p "$out/obj" "$out/artifacts" "$out/seeds" "$out/work" || die "cannot create $out"

# A makefile for the targets, so that a second run rebuilds only what changed: one
# object per source of the compiler but main.c (the generated ones from the build tree).
sources=$(
  find "$top/src" -name '*.c' ! -name main.c ! -path '*/lexer/lexer.c' \
    ! -path '*/parser/parser.c' | LC_ALL=C sort
  echo "$build/src/lexer/lexer.c"
  echo "$build/src/parser/parser.c"
)
{
  echo "CC = $cc"
  echo "CFLAGS = -std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \\"
  echo "  -fno-sanitize-recover=undefined -D_XOPEN_SOURCE=700 -I$top/src -I$build/src \\"
  echo "  -I$build -DPRISM_PKGDATADIR='\"$top\"' -DPRISM_SRCDIR='\"$top\"'"
  printf 'OBJECTS ='
  for src in $sources; do
    printf ' obj/%s' "$(echo "${src#"$top"/src/}" | sed "s|^$build/src/||; s|/|_|g; s|\.c\$|.o|")"
  done
  printf '\nall: fuzz_parse fuzz_typecheck fuzz_emit fuzz_cc\n'
  for src in $sources; do
    obj=obj/$(echo "${src#"$top"/src/}" | sed "s|^$build/src/||; s|/|_|g; s|\.c\$|.o|")
    printf '%s: %s\n\t$(CC) $(CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@\n' \
      "$obj" "$src"
  done
  for t in parse typecheck emit cc; do
    case $t in
      cc) defines='-DFUZZ_STAGE=STAGE_EMIT -DFUZZ_COMPILE_C' ;;
      *) defines=-DFUZZ_STAGE=STAGE_$(echo "$t" | tr a-z A-Z) ;;
    esac
    printf 'fuzz_%s: %s $(OBJECTS)\n' "$t" "$here/fuzz_compile.c"
    printf '\t$(CC) $(CFLAGS) -fsanitize=fuzzer %s $^ -o $@ -lm -lpthread\n' "$defines"
  done
  echo '-include obj/*.d'
} >"$out/Makefile.new" || die "cannot write $out/Makefile"
mv "$out/Makefile.new" "$out/Makefile"
echo "fuzz/run.sh: building the targets with $cc"
start=$(date +%s)
make -s -C "$out" -j"$jobs" || die "the targets do not build with $cc"
echo "fuzz/run.sh: built in $(($(date +%s) - start)) s"

# The seed corpus: the programs of the test suite, the examples and the library, but
# those whose compilation alone takes most of fuzz_emit's and fuzz_cc's time limits in
# the instrumented build, whose mutations would then time out for their size, not for a
# fault: the largest FFT programs, each `map fft` of which is three group kernels in
# three versions, their pass loops unrolled (fft_accuracy.dsl's sixteen entry points
# took 11.7 s in fuzz_emit on the development machine, fft_real2.dsl 6.6 s; measured
# again on 2026-11-29, idle, fft_multi.dsl 9.9 s, fft_roundtrip.dsl 8.8 s and
# fft_multi3.dsl 7.4 s against fuzz_emit's 8, the next, examples/fft_batch.dsl, 5.6 s).
# The test suite compiles them.
slow_seeds="tests/capi/fft_accuracy.dsl tests/stdlib/fft_real2.dsl tests/stdlib/fft_multi.dsl"
slow_seeds="$slow_seeds tests/stdlib/fft_roundtrip.dsl tests/stdlib/fft_multi3.dsl"
rm -f "$out/seeds"/*
find "$top/tests" "$top/examples" "$top/stdlib" -name '*.dsl' -size -"$max_len"c |
  while read -r f; do
    case " $slow_seeds " in
      *" ${f#"$top"/} "*) continue ;;
    esac
    cp "$f" "$out/seeds/$(echo "${f#"$top"/}" | tr / _)"
  done

failed=0
for t in $targets; do
  [ -x "$out/fuzz_$t" ] || die "unknown target '$t' (parse, typecheck, emit or cc)"
  mkdir -p "$out/corpus/$t"
  log=$out/fuzz_$t.log
  # An input may take 2 s in the compiler; fuzz_emit's lowers for OpenCL, where the
  # FFT test programs among the seeds (every `map fft` inlined into group kernels of
  # its own, in three versions) take 3 to 5 s in the instrumented build (the slowest
  # are left out of the seeds, above); fuzz_cc's also runs the C compiler on the
  # emitted C of the sampled inputs (seconds for the largest seeds under load).
  limit=2
  case $t in
    emit) limit=8 ;;
    cc) limit=10 ;;
  esac
  echo "fuzz/run.sh: fuzz_$t for $seconds s (log: $log)"
  # shellcheck disable=SC2086 # (FUZZ_FLAGS are words)
  (cd "$out/work" &&
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$out/fuzz_$t" -max_total_time="$seconds" -timeout="$limit" -rss_limit_mb=2048 \
      -max_len="$max_len" -dict="$here/prism.dict" -print_final_stats=1 \
      -artifact_prefix="$out/artifacts/$t-" ${FUZZ_FLAGS:-} \
      "$out/corpus/$t" "$out/seeds") >"$log" 2>&1
  status=$?
  if [ $status -eq 0 ]; then
    echo "PASS: fuzz_$t: $(grep -E '^stat::number_of_executed_units' "$log" | sed 's/.*: *//') inputs"
  else
    failed=1
    echo "FAIL: fuzz_$t (status $status); the end of its log:"
    grep -v -E '^#[0-9]+' "$log" | tail -n 40 | sed 's/^/    /'
    echo "  reproduce with: $out/fuzz_$t FILE, FILE one of:"
    ls -t "$out/artifacts/$t-"* 2>/dev/null | head -n 3 | sed 's/^/    /'
  fi
done
exit $failed
