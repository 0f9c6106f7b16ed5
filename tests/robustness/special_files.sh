#!/bin/sh
# Files that are not regular source files (docs/robustness.md): a FIFO as the source
# or as an imported file, and a directory, are refused at once with `cannot read`
# (opening a FIFO used to block forever); an output that cannot be written (-o into a
# folder that does not exist) is the driver's error, `prismc: error: cannot write`,
# not `<unknown>: error:`, with exit status 2 as for a file that cannot be read.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail, 77 skip.
set -u
prismc=${PRISMC:-./prismc}
case $prismc in
  /*) ;;
  *) prismc=$(pwd)/$prismc ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/special_files.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
failed=0
if ! mkfifo "$tmp/fifo.dsl" 2>/dev/null; then
  echo "SKIP: mkfifo is not available"
  exit 77
fi
mkdir "$tmp/folder.dsl"
printf 'import "fifo"\nentry main (x: i32) = x\n' > "$tmp/imports_fifo.dsl"
printf 'import "folder"\nentry main (x: i32) = x\n' > "$tmp/imports_folder.dsl"
printf 'entry main (x: i32) = x\n' > "$tmp/ok.dsl"

# expect NAME STATUS REGEX COMMAND...: runs COMMAND in $tmp (at most 10 s) and checks
# its exit status and that its first line of stderr matches REGEX.
expect() {
  name=$1 want=$2 regex=$3
  shift 3
  (cd "$tmp" && timeout -k 2 10 "$@" > "$name.out" 2> "$name.err")
  status=$?
  first=$(head -n 1 "$tmp/$name.err")
  if [ "$status" -eq "$want" ] && echo "$first" | grep -Eq -- "$regex"; then
    echo "PASS: $name"
  else
    echo "FAIL: $name: expected status $want and /$regex/, got status $status: $first"
    failed=1
  fi
}

expect fifo_source 2 "^prismc: error: cannot read 'fifo\.dsl': not a regular file$" \
  "$prismc" check fifo.dsl
expect fifo_import 1 "^imports_fifo\.dsl:1:8: error: cannot read '.*fifo\.dsl': not a regular file$" \
  "$prismc" check imports_fifo.dsl
expect folder_source 2 "^prismc: error: cannot read 'folder\.dsl': Is a directory$" \
  "$prismc" check folder.dsl
expect folder_import 1 "^imports_folder\.dsl:1:8: error: cannot read '.*folder\.dsl': Is a directory$" \
  "$prismc" check imports_folder.dsl
expect output_folder_missing 2 "^prismc: error: cannot write 'missing/prog\.c': " \
  "$prismc" c ok.dsl -o missing/prog
expect library_folder_missing 2 "^prismc: error: cannot write 'missing/lib\.c': " \
  "$prismc" c --library ok.dsl -o missing/lib
exit $failed
