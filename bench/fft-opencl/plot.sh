#!/bin/sh
# bench/fft-opencl/plot.sh JSON PNG: draws the GB/s of Prism and of each peer (cuFFT,
# clFFT, VkFFT, the copy) against n, from the JSON that run.sh writes, with gnuplot
# (Debian: gnuplot-nox): one panel per precision, x on a log2 scale, y on a log scale.
# Powers of two are joined by lines; the other lengths (3^k, 5^k, 6 2^k, ...) are
# points of the same colour. A peer without a number at a size (absent, refused,
# wrong) has no point there.
#
# Environment: GNUPLOT (default gnuplot).
set -eu
if [ $# -ne 2 ]; then
  echo "usage: plot.sh JSON PNG" >&2
  exit 2
fi
json=$1
png=$2
gnuplot=${GNUPLOT:-gnuplot}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Files PRECISION.PEER.pow2 and PRECISION.PEER.other of "n GB/s" lines, sorted by n.
# bench.c writes one size a line, each peer an object without nested braces.
awk -v dir="$tmp" '
  function value(text, key,   at) {
    if (!match(text, "\"" key "\": [^,}]*")) { return "" }
    at = substr(text, RSTART, RLENGTH)
    sub(/^[^:]*: */, "", at)
    gsub(/"/, "", at)
    return at
  }
  /"device_name"/ { print value($0, "device_name") > (dir "/device") }
  /"precision"/ {
    precision = value($0, "precision"); n = value($0, "n")
    kind = value($0, "family") == "2^k" ? "pow2" : "other"
    split("prism cufft clfft vkfft copy", peers, " ")
    for (i = 1; i <= 5; i++) {
      if (!match($0, "\"" peers[i] "\": \\{[^}]*\\}")) { continue }
      gbs = value(substr($0, RSTART, RLENGTH), "gbs")
      if (gbs != "") { print n, gbs > (dir "/" precision "." peers[i] "." kind) }
    }
  }' "$json"

panels=""
for precision in f32 f64; do
  if ls "$tmp/$precision".* > /dev/null 2>&1; then
    panels="$panels $precision"
    for f in "$tmp/$precision".*; do
      sort -n "$f" -o "$f"
    done
  fi
done
if [ -z "$panels" ]; then
  echo "plot.sh: no sizes in $json" >&2
  exit 1
fi
count=$(echo "$panels" | wc -w)
device=$(cat "$tmp/device" 2> /dev/null || echo "")
if "$gnuplot" -e 'set terminal' 2>&1 | grep -q pngcairo; then
  terminal="pngcairo size $((700 * count)),560 font ',10'"
else
  terminal="png size $((700 * count)),560"
fi

{
  echo "set terminal $terminal"
  echo "set output '$png'"
  echo "set multiplot layout 1,$count title 'Batched C2C FFT, $device' noenhanced"
  echo "set logscale x 2"
  echo "set logscale y"
  echo "set format x '2^{%L}'"
  echo "set xlabel 'n'"
  echo "set ylabel 'GB/s (input read + output written once)'"
  echo "set grid"
  echo "set key outside right top vertical"
  echo "set offsets graph 0.03, graph 0.03, 0, 0"
  for precision in $panels; do
    echo "set title '$precision'"
    plot=""
    for entry in prism:Prism:#000000 cufft:cuFFT:#2ca02c clfft:clFFT:#1f77b4 \
      vkfft:VkFFT:#ff7f0e copy:copy:#7f7f7f; do
      peer=${entry%%:*}
      name=${entry#*:}
      colour=${name#*:}
      name=${name%%:*}
      dash=1
      if [ "$peer" = copy ]; then dash=2; fi
      title="title '$name'"
      for kind in pow2 other; do
        f="$tmp/$precision.$peer.$kind"
        if [ -f "$f" ]; then
          style="lc rgb '$colour'"
          if [ $kind = pow2 ]; then
            line="'$f' with linespoints $style dt $dash lw 1.5 pt 7 ps 0.7 $title"
          else
            line="'$f' with points $style pt 6 ps 1 $title"
          fi
          plot="${plot:+$plot, }$line"
          title=notitle
        fi
      done
    done
    echo "plot $plot"
  done
  echo "unset multiplot"
} > "$tmp/plot.gp"
"$gnuplot" "$tmp/plot.gp"
echo "plot.sh: wrote $png"
