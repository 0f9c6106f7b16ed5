#!/usr/bin/env bash
# run-test.sh: runs one test program, tests/**/*.dsl (DESIGN.md section 5).
#
#   tests/run-test.sh FILE.dsl
#
# `make check` runs it on every test through Automake's parallel harness (Makefile.am:
# TEST_EXTENSIONS = .dsl, DSL_LOG_COMPILER). A test states what it expects in Futhark's
# stanza format, in the comment block that follows the line `-- ==` (a file may have
# several such blocks, as Futhark's do; each starts with the default entry point main):
#
#   -- input { [1f32, 2f32] } output { 5f32 }   run the entry point, compare the results
#   -- input { ... } error: REGEX               it must fail at run time: exit status 1,
#                                               stderr matching the extended REGEX
#   -- compiled input { ... } ...               the same (`nobench` is accepted too)
#   -- input @ data/x.in output @ data/x.out    values from files beside the test
#   -- entry: NAME NAME2                        the input blocks below run these entry
#                                               points (default main)
#   -- error: REGEX                             the compiler must reject the program:
#                                               exit status 1, stderr matching REGEX and
#                                               holding a `FILE:LINE:COL: error:` line
#   -- structure { map 1 redomap 1 }            counts of constructs after fusion
#   -- structure kernels { global 1 }           counts of kernels after lowering
#   -- random input { [100]f32 }                not supported yet: reported as SKIP
#   -- tags { disable }                         the test is skipped
#
# Input and output blocks may span several comment lines. A file without `-- ==` only
# has to compile. Every non-error test is compiled once per backend available
# (available_backends), into a temporary directory that is removed afterwards, and each
# input block is run with a time limit.
#
# Environment: PRISMC (default ./prismc), COMPARE_VALUES (./tests/compare-values),
# PRISM_TEST_BACKENDS (e.g. "c"; default: what available_backends finds),
# PRISM_TEST_TIMEOUT (seconds per program run, default 60), PRISM_TEST_COMPILE_TIMEOUT
# (seconds per compiler run, default 300), PRISM_TEST_TMPDIR (where the temporary
# directory goes, default $TMPDIR or /tmp), PRISM_TEST_KEEP=1 (keep it, for debugging),
# PRISM_TEST_CFLAGS (the C compiler flags for the test programs, in place of prismc's
# CFLAGS; a sanitizer build's make check sets them to its sanitizer flags).
#
# Exit status (Automake's convention): 0 pass, 1 fail, 77 skip (nothing could be
# checked: say, the compiler stages the test needs are not built yet). Each check
# prints a PASS, FAIL or SKIP line, failures with the reason, the compiler's or the
# program's stderr, or the difference that tests/compare-values found.
set -u

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "Usage: run-test.sh FILE.dsl" >&2
  exit 99
fi
test_file=$1
test_dir=$(dirname "$test_file")

prismc=${PRISMC:-./prismc}
compare_values=${COMPARE_VALUES:-./tests/compare-values}
if [ -n "${PRISM_TEST_CFLAGS:-}" ]; then
  export CFLAGS="$PRISM_TEST_CFLAGS"
fi
run_timeout=${PRISM_TEST_TIMEOUT:-60}
compile_timeout=${PRISM_TEST_COMPILE_TIMEOUT:-300}
tmp_root=${PRISM_TEST_TMPDIR:-${TMPDIR:-/tmp}}

passed=0
failed=0
skipped=0

pass() {
  passed=$((passed + 1))
  echo "PASS: $*"
}

fail() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}

skip() {
  skipped=$((skipped + 1))
  echo "SKIP: $*"
}

# Prints a file indented, cut after 60 lines, for a failure's details.
show() {
  local label=$1 path=$2
  if [ -s "$path" ]; then
    echo "  $label:"
    sed -e '61,$d' -e 's/^/    /' "$path"
    local lines
    lines=$(wc -l < "$path")
    if [ "$lines" -gt 60 ]; then
      echo "    ... ($lines lines in all)"
    fi
  else
    echo "  $label: (empty)"
  fi
}

# Explains an exit status: "status 2", "a time-out after 60 s", "signal 11 (SEGV)".
describe_status() {
  local status=$1 limit=$2
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "a time-out after $limit s"
  elif [ "$status" -gt 128 ]; then
    echo "signal $((status - 128)) ($(kill -l $((status - 128)) 2>/dev/null || echo '?'))"
  else
    echo "status $status"
  fi
}

# Whether the compiler said that a stage, backend or feature the test needs does not
# exist yet ("stage 'lower' is not built yet", "'import' declarations are not supported
# yet"): the check is then skipped, with the compiler's message, rather than failed.
not_built() {
  grep -Eq 'not (built|supported) yet' "$1"
}

# Whether an OpenCL platform is present: clinfo's list when clinfo is installed, the
# ICD registry otherwise.
opencl_platform_present() {
  if command -v clinfo > /dev/null 2>&1; then
    clinfo -l 2> /dev/null | grep -q '^Platform'
  else
    ls /etc/OpenCL/vendors/*.icd > /dev/null 2>&1
  fi
}

# The backends to run every test with: C always, OpenCL where a platform exists. A
# backend that prismc has not built yet is skipped when compiling says so.
available_backends() {
  if [ -n "${PRISM_TEST_BACKENDS:-}" ]; then
    echo "$PRISM_TEST_BACKENDS"
  elif opencl_platform_present; then
    echo "c opencl"
  else
    echo "c"
  fi
}

# The command that prints the counts of constructs after a stage (fusion for
# `structure`, lower for `structure kernels`), as lines "KIND COUNT"; sets the array
# structure_cmd.
structure_command() {
  structure_cmd=("$prismc" dump --after "$1" --structure "$test_file")
}

backends=$(available_backends)

mkdir -p "$tmp_root" && work=$(mktemp -d "$tmp_root/run-test.XXXXXX") || exit 99
# shellcheck disable=SC2317 # (called by the trap)
cleanup() {
  if [ -n "${PRISM_TEST_KEEP:-}" ]; then
    echo "kept $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

# Fields of the plan are separated by the ASCII unit separator: unlike a tab, it is not
# white space to `read`, so empty fields survive.
sep=$'\037'

# Reads the stanzas of the test into a plan, one line per check (fields separated by
# $sep); input and output blocks go to files $work/case-N.in and $work/case-N.out:
#   RUN id line entries mode regex infile outfile   mode: output, error or none
#   COMPILE_ERROR line regex
#   STRUCTURE line stage "kind count kind count ..."
#   SKIP line reason
#   TAGS tags
#   BAD line message                                the stanzas do not parse
#   NONE                                            no `-- ==` line
parse_stanzas() {
  awk -v work="$work" -v dir="$test_dir" -v OFS="$sep" '
    BEGIN { in_block = 0; seen = 0; text = ""; nlines = 0; nblocks = 0 }
    !in_block && /^--[ \t]*==[ \t]*$/ {
      in_block = 1; seen = 1; nblocks++; block_start[nblocks] = length(text) + 1; next
    }
    in_block && /^--/ {
      nlines++; start[nlines] = length(text) + 1; lineno[nlines] = NR
      text = text substr($0, 3) "\n"
      next
    }
    in_block { in_block = 0 }
    function line_at(pos,   i) {
      for (i = nlines; i > 1; i--) { if (start[i] <= pos) { return lineno[i] } }
      return lineno[1]
    }
    function bad(pos, message) {
      print "BAD", line_at(pos), message
      failed_parse = 1
    }
    function skip_space() {
      while (p <= n && index(" \t\r\n", substr(text, p, 1)) > 0) { p++ }
    }
    function next_word(   s) {
      skip_space(); s = p
      while (p <= n && substr(text, p, 1) ~ /[A-Za-z0-9_:-]/) { p++ }
      return substr(text, s, p - s)
    }
    function rest_of_line(   s, r) {
      s = p
      while (p <= n && substr(text, p, 1) != "\n") { p++ }
      r = substr(text, s, p - s)
      gsub(/^[ \t]+/, "", r); gsub(/[ \t\r]+$/, "", r)
      return r
    }
    # The words of a text, separated by single spaces.
    function words(t) {
      gsub(/[ \t\r\n]+/, " ", t); gsub(/^ | $/, "", t)
      return t
    }
    # A block "{ ... }" (values hold no braces) or "@ path"; sets block_file to the
    # path of a file that holds it, writing inline blocks to case_file, and block_body
    # to the text of an inline block.
    function block(what, case_file,   s, e, body, path) {
      block_body = ""
      skip_space()
      if (substr(text, p, 1) == "@") {
        p++; skip_space(); s = p
        while (p <= n && index(" \t\r\n", substr(text, p, 1)) == 0) { p++ }
        path = substr(text, s, p - s)
        if (path == "") { bad(s, "expected a file name after " what " @"); return 0 }
        block_file = (path ~ /^\//) ? path : dir "/" path
        return 1
      }
      if (substr(text, p, 1) != "{") {
        bad(p, "expected { or @ after " what); return 0
      }
      e = index(substr(text, p + 1), "}")
      if (e == 0) { bad(p, "the " what " block has no closing }"); return 0 }
      body = substr(text, p + 1, e - 1)
      if (index(body, "{") > 0) {
        bad(p, "the " what " block has no closing } before the next {"); return 0
      }
      p = p + e + 1
      block_body = body
      printf "%s\n", body > case_file
      close(case_file)
      block_file = case_file
      return 1
    }
    END {
      if (!seen) { print "NONE"; exit 0 }
      n = length(text); p = 1; entries = "main"; id = 0; next_block = 2
      while (!failed_parse) {
        skip_space()
        if (p > n) { break }
        # Each block starts with the default entry point again, as in Futhark.
        while (next_block <= nblocks && p >= block_start[next_block]) {
          entries = "main"; next_block++
        }
        wpos = p; w = next_word()
        if (w == "") {
          bad(wpos, "unexpected \"" substr(text, p, 1) "\" in the test stanzas"); break
        }
        if (w == "entry:") {
          entries = rest_of_line()
          if (entries == "") { bad(wpos, "entry: needs at least one entry point name") }
          continue
        }
        if (w == "error:") {
          regex = rest_of_line()
          if (regex == "") { bad(wpos, "error: needs a regular expression") }
          print "COMPILE_ERROR", line_at(wpos), regex
          continue
        }
        if (w == "structure") {
          stage = "fusion"; save = p; w2 = next_word()
          if (w2 == "kernels") { stage = "lower" } else if (w2 != "") { stage = "unknown:" w2 }
          if (w2 == "") { p = save }
          if (!block("structure", work "/structure")) { break }
          print "STRUCTURE", line_at(wpos), stage, words(block_body)
          continue
        }
        if (w == "tags") {
          if (!block("tags", work "/tags")) { break }
          print "TAGS", words(block_body)
          continue
        }
        random = 0; script = 0
        while (w == "compiled" || w == "nobench" || w == "random" || w == "script") {
          if (w == "random") { random = 1 }
          if (w == "script") { script = 1 }
          w = next_word()
        }
        if (w != "input") {
          bad(wpos, "expected input, entry:, error:, structure or tags in the test " \
                    "stanzas, found \"" w "\"")
          break
        }
        id++
        if (!block("input", work "/case-" id ".in")) { break }
        infile = block_file; outfile = ""; mode = "none"; regex = ""
        save = p; w2 = next_word()
        if (w2 == "output") {
          if (!block("output", work "/case-" id ".out")) { break }
          mode = "output"; outfile = block_file
        } else if (w2 == "error:") {
          mode = "error"; regex = rest_of_line()
          if (regex == "") { bad(save, "error: needs a regular expression") }
        } else {
          p = save
        }
        if (random || script) {
          print "SKIP", line_at(wpos), (random ? "random" : "script") " input is not supported yet"
          continue
        }
        print "RUN", id, line_at(wpos), entries, mode, regex, infile, outfile
      }
    }
  ' "$test_file"
}

# The compiler must reject the test (an `error:` stanza).
check_compile_error() {
  local line=$1 regex=$2 out=$work/rejected
  timeout -k 5 "$compile_timeout" "$prismc" c "$test_file" -o "$out" \
    > "$work/rejected.stdout" 2> "$work/rejected.stderr"
  local status=$?
  local label="compile error (line $line)" errors=$work/rejected.stderr
  local located=false
  if grep -Eq '^[^ :]+:[0-9]+:[0-9]+: error: ' "$errors"; then
    located=true
  fi
  if [ "$status" -eq 1 ] && $located && grep -Eq -- "$regex" "$errors"; then
    pass "$label: rejected with /$regex/"
  elif [ "$status" -eq 1 ] && not_built "$errors"; then
    skip "$label: $(head -n 1 "$errors")"
  elif [ "$status" -eq 0 ]; then
    fail "$label: expected the compiler to reject the program with an error" \
      "matching /$regex/, but it compiled"
  elif [ "$status" -eq 3 ]; then
    fail "$label: internal compiler error"
    show "prismc stderr" "$errors"
  elif [ "$status" -ne 1 ]; then
    fail "$label: expected exit status 1, got $(describe_status "$status" "$compile_timeout")"
    show "prismc stderr" "$errors"
  elif ! $located; then
    fail "$label: the message is not in the form FILE:LINE:COL: error: ..."
    show "prismc stderr" "$errors"
  else
    fail "$label: the error does not match /$regex/"
    show "prismc stderr" "$errors"
  fi
}

# The counts of constructs after a stage (a `structure` stanza).
check_structure() {
  local line=$1 stage=$2 counts=$3
  local label="structure (line $line)"
  case $stage in
    unknown:*)
      skip "$label: unknown kind of structure stanza '${stage#unknown:}'"
      return
      ;;
  esac
  local dump=$work/structure-$line.txt errors=$work/structure-$line.stderr
  local -a structure_cmd
  structure_command "$stage"
  timeout -k 5 "$compile_timeout" "${structure_cmd[@]}" > "$dump" 2> "$errors"
  local status=$?
  if [ "$status" -eq 1 ] && not_built "$errors"; then
    skip "$label: $(head -n 1 "$errors")"
    return
  elif [ "$status" -ne 0 ]; then
    fail "$label: '${structure_cmd[*]}' failed with $(describe_status "$status" "$compile_timeout")"
    show "prismc stderr" "$errors"
    return
  fi
  local -a pairs
  read -r -a pairs <<< "$counts"
  if [ $((${#pairs[@]} % 2)) -ne 0 ]; then
    fail "$label: expected pairs of KIND COUNT, found '$counts'"
    return
  fi
  local wrong="" i kind want got
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    kind=${pairs[i]}
    want=${pairs[i + 1]}
    got=$(awk -v kind="$kind" '$1 == kind { n = $2 } END { print n + 0 }' "$dump")
    if [ "$got" != "$want" ]; then
      wrong="$wrong $kind: expected $want, found $got;"
    fi
  done
  if [ -n "$wrong" ]; then
    fail "$label: after $stage,${wrong%;}"
    show "${structure_cmd[*]}" "$dump"
  else
    pass "$label: $counts"
  fi
}

# Compiles the test with one backend into $work/BACKEND/prog; returns 0 when it
# compiled, 1 when it failed (reported), 2 when the backend is not built (reported).
compile_with() {
  local backend=$1
  mkdir -p "$work/$backend"
  local exe=$work/$backend/prog errors=$work/$backend/compile.stderr
  timeout -k 5 "$compile_timeout" "$prismc" "$backend" "$test_file" -o "$exe" \
    > "$work/$backend/compile.stdout" 2> "$errors"
  local status=$?
  if [ "$status" -eq 1 ] && not_built "$errors"; then
    skip "$backend: $(head -n 1 "$errors")"
    return 2
  elif [ "$status" -ne 0 ]; then
    if [ "$status" -eq 3 ]; then
      fail "$backend: internal compiler error"
    else
      fail "$backend: compiling failed with $(describe_status "$status" "$compile_timeout")"
    fi
    show "prismc stderr" "$errors"
    return 1
  elif [ ! -x "$exe" ]; then
    fail "$backend: prismc exited with status 0 but wrote no executable $exe"
    return 1
  fi
  return 0
}

# Runs one input block on one entry point of a compiled program.
run_case() {
  local backend=$1 id=$2 line=$3 entry=$4 mode=$5 regex=$6 infile=$7 outfile=$8
  local exe=$work/$backend/prog base=$work/$backend/case-$id-$entry
  local label="$backend: entry $entry, input at line $line"
  if [ ! -r "$infile" ]; then
    fail "$label: cannot read the input file $infile"
    return
  fi
  # The braces keep bash's own "Segmentation fault" notice out of the log.
  { timeout -k 5 "$run_timeout" "$exe" -e "$entry" < "$infile" > "$base.stdout" \
      2> "$base.stderr"; } 2> /dev/null
  local status=$?
  if [ "$mode" = error ]; then
    if [ "$status" -eq 0 ]; then
      fail "$label: expected a run-time error matching /$regex/, but the program succeeded"
      show "stdout" "$base.stdout"
    elif [ "$status" -ne 1 ]; then
      fail "$label: expected exit status 1 and an error matching /$regex/," \
        "got $(describe_status "$status" "$run_timeout")"
      show "stderr" "$base.stderr"
    elif ! grep -Eq -- "$regex" "$base.stderr"; then
      fail "$label: the run-time error does not match /$regex/"
      show "stderr" "$base.stderr"
    else
      pass "$label: failed as expected with /$regex/"
    fi
    return
  fi
  if [ "$status" -ne 0 ]; then
    fail "$label: the program failed with $(describe_status "$status" "$run_timeout")"
    show "stderr" "$base.stderr"
    return
  fi
  if [ "$mode" = none ]; then
    pass "$label: ran"
    return
  fi
  if [ ! -r "$outfile" ]; then
    fail "$label: cannot read the expected output file $outfile"
    return
  fi
  if "$compare_values" "$outfile" "$base.stdout" > "$base.diff" 2>&1; then
    pass "$label"
  else
    fail "$label: wrong output"
    sed -e "s|^$work/case-$id.out:|the output block:|" -e "s|^$base.stdout:|the output:|" \
      -e 's/^/  /' "$base.diff"
    show "expected" "$outfile"
    show "actual" "$base.stdout"
  fi
}

# Compiles with every backend and runs every RUN line of the plan.
run_cases() {
  local backend kind id line entries mode regex infile outfile entry
  for backend in $backends; do
    compile_with "$backend" || continue
    while IFS=$sep read -r kind id line entries mode regex infile outfile; do
      [ "$kind" = RUN ] || continue
      for entry in $entries; do
        run_case "$backend" "$id" "$line" "$entry" "$mode" "$regex" "$infile" "$outfile"
      done
    done < "$work/plan"
    if ! grep -q '^RUN' "$work/plan"; then
      pass "$backend: compiled"
    fi
  done
}

main() {
  echo "run-test.sh: $test_file (backends: $backends)"
  if [ ! -x "$prismc" ]; then
    echo "ERROR: no compiler at $prismc (set PRISMC)"
    exit 99
  fi
  if ! parse_stanzas > "$work/plan"; then
    echo "ERROR: cannot read the stanzas of $test_file"
    exit 99
  fi
  if grep '^TAGS' "$work/plan" | grep -qw disable; then
    skip "the test is disabled (tags { disable })"
    exit 77
  fi
  local kind a b c
  while IFS=$sep read -r kind a b c; do
    case $kind in
      BAD) fail "test stanza at line $a: $b" ;;
      SKIP) skip "input at line $a: $b" ;;
    esac
  done < "$work/plan"
  if [ "$failed" -eq 0 ]; then
    if grep -q '^COMPILE_ERROR' "$work/plan"; then
      while IFS=$sep read -r kind a b; do
        [ "$kind" = COMPILE_ERROR ] && check_compile_error "$a" "$b"
      done < "$work/plan"
    else
      while IFS=$sep read -r kind a b c; do
        [ "$kind" = STRUCTURE ] && check_structure "$a" "$b" "$c"
      done < "$work/plan"
      run_cases
    fi
  fi
  echo "run-test.sh: $passed passed, $failed failed, $skipped skipped"
  if [ "$failed" -gt 0 ]; then
    exit 1
  elif [ "$passed" -gt 0 ]; then
    exit 0
  else
    exit 77
  fi
}

main
