-- bench/fft-opencl with a GPU's limits for splitting long rows in two (docs/fft.md,
-- "Long rows"): the entries of batched.dsl, but the transforms of modules whose rows
-- over 16 KiB (2048 f32, 1024 f64) go through `four_step`, where fft32 and fft64 split
-- rows over 64 KiB. FFT_PROGRAM=batched_split.dsl bench/fft-opencl/run.sh times it.
import "fft"

module split32 = mk_fft_limits f32 (no_radix f32) {
  def onchip_max = 2048i64
  def in_place (_: i64) = false
}
module split64 = mk_fft_limits f64 (no_radix f64) {
  def onchip_max = 1024i64
  def in_place (_: i64) = false
}

-- | The forward DFT of each row of a [b][n] array of f32 (re, im) pairs.
entry fft32 [b][n] (rows: [b][n](f32, f32)) : [b][n](f32, f32) = map split32.fft rows

-- | The forward DFT of each row of a [b][n] array of f64 (re, im) pairs.
entry fft64 [b][n] (rows: [b][n](f64, f64)) : [b][n](f64, f64) = map split64.fft rows
