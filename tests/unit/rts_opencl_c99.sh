#!/bin/sh
# The runtime of a generated OpenCL program, pasted as the backends paste it (in order,
# without quoted #include lines, unused functions allowed), must compile without
# warnings as C99 under -Wall -Wextra -pedantic, with $PRISM_TEST_CC and with each of
# gcc and clang that is installed (docs/opencl.md).
set -eu
srcdir=${srcdir:-.}
work=$(mktemp -d "${TMPDIR:-/tmp}/prism-rts-c99.XXXXXX")
trap 'rm -rf "$work"' EXIT

{
  echo '#if defined(__GNUC__) || defined(__clang__)'
  echo '#pragma GCC diagnostic push'
  echo '#pragma GCC diagnostic ignored "-Wunused-function"'
  echo '#endif'
  for f in rts/c/util.h rts/c/scalar.h rts/c/context.h rts/c/array.h rts/c/context.c \
           rts/c/array.c rts/opencl/opencl.h rts/opencl/opencl.c; do
    grep -v '^#include "' "$srcdir/$f"
  done
  echo '#if defined(__GNUC__) || defined(__clang__)'
  echo '#pragma GCC diagnostic pop'
  echo '#endif'
  echo 'int main(void) {'
  echo '  return rts_cl_list_devices(stdout) == CL_SUCCESS ? 0 : 1;'
  echo '}'
} > "$work/pasted.c"

status=0
for cc in "${PRISM_TEST_CC:-cc}" gcc clang; do
  command -v "${cc%% *}" > /dev/null 2>&1 || continue
  for opt in -O0 -O2; do
    if ! $cc -std=c99 -Wall -Wextra -pedantic -Werror $opt -c "$work/pasted.c" \
         -o "$work/pasted.o"; then
      echo "FAIL: $cc $opt: the pasted OpenCL runtime does not compile cleanly" >&2
      status=1
    fi
  done
done
exit $status
