-- | Batched FFTs for a C program: main.c calls these entry points through the library
-- that `prismc opencl --library` makes of this file (run.sh and README.md say how).
--
-- A complex number is a pair (re, im), so an array of them is two arrays of floats, the
-- real parts and the imaginary parts; the entry points take and give the two, so that
--
--     int prism_entry_fft_rows(struct prism_context *ctx,
--                              struct prism_f32_2d **out0, struct prism_f32_2d **out1,
--                              const struct prism_f32_2d *in0,
--                              const struct prism_f32_2d *in1);
--
-- takes the b x n real parts (in0, `re`) and imaginary parts (in1, `im`) and gives
-- back those of the result (out0, out1). (An entry point of type
-- [b][n](f32, f32) -> [b][n](f32, f32) has the same C function, since arrays of tuples
-- are tuples of arrays; named parameters give the error messages their names.)

import "fft"

-- | The forward DFT of every row, unscaled: X[k] = sum_j x[j] exp(-2 pi i j k / n).
entry fft_rows [b][n] (re: [b][n]f32) (im: [b][n]f32) : ([b][n]f32, [b][n]f32) =
  unzip (map2 (\r i -> unzip (fft32.fft (zip r i))) re im)

-- | The inverse DFT of every row, scaled by 1/n: `ifft_rows (fft_rows x)` is x.
entry ifft_rows [b][n] (re: [b][n]f32) (im: [b][n]f32) : ([b][n]f32, [b][n]f32) =
  unzip (map2 (\r i -> unzip (fft32.ifft (zip r i))) re im)
