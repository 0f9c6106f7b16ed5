-- | Fourier transforms with the standard library's `fft32` (stdlib/fft.dsl): a batch
-- of 1-D transforms, one per row, and a 2-D transform.
--
--     ./prismc opencl examples/fft_batch.dsl -o examples/fft_batch
--     ./examples/fft_batch < examples/fft_batch.in               # main: the rows
--     ./examples/fft_batch -e fft_2d < examples/fft_batch_2d.in  # fft_2d
--
-- (`./prismc c` makes the same program with the C backend.) A complex number is a
-- pair (re, im), so an array of them is read and printed as two arrays: the real
-- parts, then the imaginary parts.
--
-- examples/fft_batch.in is a batch of four rows of length 8 whose DFTs,
-- X[k] = sum_j x[j] exp(-2 pi i j k / 8), can be checked by eye:
--
--   an impulse       1 0  0 0 0 0  0 0  ->  1 at every k
--   a constant       1 1  1 1 1 1  1 1  ->  8 at k = 0, 0 elsewhere
--   a cosine         1 0 -1 0 1 0 -1 0  ->  4 at k = 2 and at k = 6 (its two halves)
--   a delayed pulse  0 1  0 0 0 0  0 0  ->  exp(-2 pi i k / 8): the 8th roots of 1
--
-- examples/fft_batch_2d.in is a plane wave of 4 rows by 8 columns,
-- x[r][c] = i^(r + c) = exp(2 pi i (1 r / 4 + 2 c / 8)), whose 2-D DFT is 32 (= 4 * 8)
-- at [1][2] and 0 elsewhere.
--
-- `./prismc dump --after lower examples/fft_batch.dsl` prints the program after
-- lowering, then its kernels, a line each with the SOAC and the source line it comes
-- from. With the OpenCL backend the `map` over the rows is one group kernel for the
-- lengths that the radices factor: the twiddle table is made once, before it, each
-- work-group transforms one row or several (short rows share a work-group) in local
-- memory, its Stockham passes (stdlib/fft.dsl's `stockham_pass`, a `scatter` each) in
-- a loop that picks the pass's radix with `if`s; lengths with a larger prime factor take
-- Bluestein's algorithm, on the host, row by row (`--structure` counts that map in
-- `host N`). `fft_2d` adds the `transpose` kernels between the transforms of the rows
-- and of the columns.
--
-- The file is not called fft.dsl: `import "fft"` looks next to the importing file
-- first, so it would find the file itself (or, from another file of this folder,
-- this program) instead of the library.

import "fft"

-- | The forward DFT of every row of the batch.
entry main [b][n] (rows: [b][n](f32, f32)) : [b][n](f32, f32) =
  map fft32.fft rows

-- | The 2-D forward DFT: the DFT of every row, then of every column.
entry fft_2d [n][m] (xs: [n][m](f32, f32)) : [n][m](f32, f32) =
  fft32.fft2 xs
