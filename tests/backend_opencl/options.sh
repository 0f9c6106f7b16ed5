#!/bin/sh
# The options of a generated OpenCL executable (docs/opencl.md, "Devices" and
# "Profiling"): --list-devices lists the devices, one a line, and exits 0; -d NAME runs
# on the device whose "PLATFORM: DEVICE" contains NAME in any case, or on device #N; a
# name that matches no device, a number beyond the list and a missing NAME are errors
# with a clear message and exit status 1, never a crash; -P prints the peak memory and
# a line per kernel that ran, with its launches and times.
#
# Environment: PRISMC (default ./prismc), PRISM_TEST_CFLAGS (the C compiler flags of
# the program, as tests/run-test.sh uses them). Exit status: 0 pass, 1 fail, 77 skip
# (no OpenCL platform is installed).
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
. "$(dirname "$0")/common.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/opencl_options.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
  echo "FAIL: $1"
  sed -e '12,$d' -e 's/^/    /' "$tmp/err.txt"
  failed=1
}

cat > "$tmp/prog.dsl" <<'PROG'
entry main (xs: []f32) : ([]f32, f32) =
  let ys = map (* 2) xs
  in (ys, reduce (+) 0 ys)
PROG
if ! (cd "$tmp" && "$prismc" opencl prog.dsl -o prog) > "$tmp/err.txt" 2>&1; then
  fail "prismc opencl prog.dsl"
  exit 1
fi
echo '[1f32, 2f32, 3f32]' > "$tmp/in.txt"
printf '[2.0f32, 4.0f32, 6.0f32]\n12.0f32\n' > "$tmp/expected.txt"

# run NAME STATUS ARGS...: the program with ARGS on in.txt must exit with STATUS.
run() {
  what=$1 want=$2
  shift 2
  "$tmp/prog" "$@" < "$tmp/in.txt" > "$tmp/out.txt" 2> "$tmp/err.txt"
  status=$?
  if [ "$status" -ne "$want" ]; then
    fail "$what: exit status $status, not $want"
    return 1
  fi
  if grep -Eqi 'AddressSanitizer|runtime error|Segmentation|core dumped' "$tmp/err.txt"; then
    fail "$what: a crash or a sanitizer report"
    return 1
  fi
}

# --list-devices: "#N: PLATFORM: DEVICE (details)" lines, exit 0.
if run "--list-devices" 0 --list-devices; then
  if grep -Eq '^#0: .+: .+ \(' "$tmp/out.txt"; then
    echo "PASS: --list-devices: $(head -n 1 "$tmp/out.txt")"
  else
    cp "$tmp/out.txt" "$tmp/err.txt"
    fail "--list-devices: no line '#0: PLATFORM: DEVICE (...)'"
  fi
fi
device=$(sed -n 's/^#0: //p' "$tmp/out.txt" | cut -c1-12)

# -d with a part of the first device's name in the other case, and -d '#0'.
part=$(printf '%s' "$device" | tr 'a-zA-Z' 'A-Za-z')
for name in "$part" '#0'; do
  if run "-d '$name'" 0 -d "$name"; then
    if cmp -s "$tmp/out.txt" "$tmp/expected.txt"; then
      echo "PASS: -d '$name'"
    else
      cp "$tmp/out.txt" "$tmp/err.txt"
      fail "-d '$name': wrong results"
    fi
  fi
done

# Names that match nothing: the message says so and lists the devices.
for name in 'no such device' '#99'; do
  if run "-d '$name'" 1 -d "$name"; then
    if grep -Fq "error: no OpenCL device matches \"$name\"; the devices are:" "$tmp/err.txt" &&
      grep -Eq '^  #0: ' "$tmp/err.txt" && [ ! -s "$tmp/out.txt" ]; then
      echo "PASS: -d '$name': $(head -n 1 "$tmp/err.txt")"
    else
      fail "-d '$name': expected 'error: no OpenCL device matches' and the list"
    fi
  fi
done
if run "-d without a name" 1 -d; then
  if grep -q 'error: option -d needs a value' "$tmp/err.txt"; then
    echo "PASS: -d without a name"
  else
    fail "-d without a name: expected 'error: option -d needs a value'"
  fi
fi

# -P: the results as usual; on stderr the peak memory, the table's header, a line per
# kernel that ran (NAME LAUNCHES TOTAL_MS MEAN_US: timed, since -P turns profiling on;
# the kernels' names are KIND_N or KIND_N_PHASE) and the total.
kernel_line='^[a-z]+_[0-9]+[a-z_]* +1 +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$'
if run "-P" 0 -P; then
  if ! cmp -s "$tmp/out.txt" "$tmp/expected.txt"; then
    fail "-P: wrong results"
  elif grep -q '^peak memory: [0-9]* bytes$' "$tmp/err.txt" &&
    grep -Eq '^kernel +launches +total ms +mean us$' "$tmp/err.txt" &&
    grep -Eq "$kernel_line" "$tmp/err.txt" &&
    grep -Eq '^total +[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$' "$tmp/err.txt"; then
    echo "PASS: -P: $(grep -Ec "$kernel_line" "$tmp/err.txt") kernel line(s)"
  else
    fail "-P: expected the peak memory and a timed line per kernel"
  fi
fi
exit $failed
