-- A batched complex FFT of power-of-two length, radix 2, Stockham's formulation: each
-- pass reads x[j] and x[j + n/2] and writes the butterfly's two results to their
-- places in the next array, so no bit reversal is needed. The OpenCL backend makes
-- the whole loop over the passes one intra-group kernel: each row of the batch is
-- read once into local memory, transformed there, and written once
-- (`prismc dump --after lower examples/fft.dsl` shows it).
--
--   prismc opencl examples/fft.dsl && ./examples/fft < examples/fft.in
--
-- stdlib/fft.dsl will hold the general library (any radix, any length).

-- | One radix-2 pass over (re, im) of length n, for sub-transforms of length ns.
def pass2 [n] (ns: i64) (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32) =
  let m = n / 2
  let rows = map (\j ->
      let k = j % ns
      let a = -3.14159265358979f32 * f32.i64 k / f32.i64 ns
      let (wr, wi) = (f32.cos a, f32.sin a)
      let (xr, xi) = (re[j], im[j])
      let (br, bi) = (re[j + m], im[j + m])
      let (yr, yi) = (br * wr - bi * wi, br * wi + bi * wr)
      let d = (j / ns) * ns * 2 + k
      in ([d, d + ns], [xr + yr, xr - yr], [xi + yi, xi - yi])) (iota m)
  let (is, vr, vi) = unzip3 rows
  in unzip (scatter (zip (replicate n 0) (replicate n 0)) (flatten is)
                    (zip (flatten vr) (flatten vi)))

-- | The forward FFT of every row: X[k] = sum_j x[j] exp(-2 pi i j k / n), where n is
-- 2^log2n (checked).
entry main [b][n] (log2n: i64) (re: [b][n]f32) (im: [b][n]f32) : ([b][n]f32, [b][n]f32) =
  let log2n = assert (1 << log2n == n) log2n
  in unzip (map2 (\r i ->
       let (r, i, _) = loop (r, i, ns) = (r, i, 1) for _p < log2n do
         let (r2, i2) = pass2 ns r i in (r2, i2, ns * 2)
       in (r, i)) re im)
