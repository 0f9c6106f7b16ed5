#!/bin/sh
# Whatever is left unterminated at the end of a file (a string, a comment, a bracket,
# an attribute, a let without in, a lambda without a body, a literal cut short, a
# UTF-8 sequence cut short) is rejected with a located error, never a crash: every
# prefix of every_construct.dsl (and of it with a multibyte character) is compiled with
# `prismc check`, and each must exit with status 0, or 1 and a
# `FILE:LINE:COL: error:` message.
#
# Environment: PRISMC (default ./prismc). Exit status: 0 pass, 1 fail.
set -u
prismc=${PRISMC:-./prismc}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/truncated.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# The program, with a comment with multibyte characters, an import with an escape in
# its string and a doc comment at its end, so that those are cut too.
{
  cat "$here/every_construct.dsl"
  printf -- '-- caf\303\251 \342\202\254\nimport "lib/x\\"y"\n-- | A doc comment at the end\n'
} > "$tmp/full.dsl"
size=$(wc -c < "$tmp/full.dsl")

bad=0 rejected=0 accepted=0
i=0
while [ "$i" -le "$size" ]; do
  head -c "$i" "$tmp/full.dsl" > "$tmp/cut.dsl"
  "$prismc" check "$tmp/cut.dsl" > "$tmp/out.txt" 2>&1
  status=$?
  if [ "$status" -eq 0 ]; then
    accepted=$((accepted + 1))
  elif [ "$status" -eq 1 ] && grep -Eq "^$tmp/cut\.dsl:[0-9]+:[0-9]+: error: " "$tmp/out.txt"; then
    rejected=$((rejected + 1))
  else
    bad=$((bad + 1))
    if [ "$bad" -le 5 ]; then
      echo "FAIL: the first $i bytes: exit status $status"
      sed -e '6,$d' -e 's/^/    /' "$tmp/out.txt"
    fi
  fi
  i=$((i + 1))
done
echo "$((size + 1)) prefixes: $rejected rejected with a located error, $accepted compiled," \
  "$bad otherwise"
[ "$bad" -eq 0 ]
