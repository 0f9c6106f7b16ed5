-- bench/fft-opencl with modules whose rows of 24 KiB to 48 KiB (3072 to 6143 f32,
-- 1536 to 3071 f64) take Stockham's passes over one buffer (docs/fft.md, "One
-- buffer"): two buffers of such a row do not fit a GPU's 48 KiB of local memory a
-- work-group, one does. Otherwise the limits of fft32 and fft64. The entries of
-- batched.dsl; FFT_PROGRAM=batched_onebuf.dsl bench/fft-opencl/run.sh times it.
import "fft"

module onebuf32 = mk_fft_limits f32 (no_radix f32) {
  def onchip_max = 8192i64
  def in_place (n: i64) = n >= 3072 && n < 6144
}
module onebuf64 = mk_fft_limits f64 (no_radix f64) {
  def onchip_max = 4096i64
  def in_place (n: i64) = n >= 1536 && n < 3072
}

-- | The forward DFT of each row of a [b][n] array of f32 (re, im) pairs.
entry fft32 [b][n] (rows: [b][n](f32, f32)) : [b][n](f32, f32) = map onebuf32.fft rows

-- | The forward DFT of each row of a [b][n] array of f64 (re, im) pairs.
entry fft64 [b][n] (rows: [b][n](f64, f64)) : [b][n](f64, f64) = map onebuf64.fft rows
