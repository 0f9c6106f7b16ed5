-- `map fft32.fft` over a batch, whose twiddle table (stdlib/fft.dsl, `twiddles`)
-- holds each pass's twiddles in a block of its own after the table of exp(-2 pi i t /
-- n). The inputs' lengths take one pass (4), two (32 = 16 x 2, whose second pass
-- reads its block at 15 + n) and a direct pass (22 = 2 x 11, which reads the first
-- half), in batches of rows. The table is made with `for` loops and divisions by
-- constants only, so that the compiler moves it out of the map (it depends on n
-- alone): the kernel profile of bench/fft-opencl shows its kernel launched once per
-- call.
-- ==
-- entry: main
-- input { [[1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 0.0, 0.0]]
--         [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]] }
-- output { [[10.0, -2.0, -2.0, -2.0], [1.0, 0.0, -1.0, 0.0]]
--          [[0.0, 2.0, 0.0, -2.0], [0.0, -1.0, 0.0, 1.0]] }
-- entry: impulse
-- input { 2i64 32i64 5i64 } output { true }
-- input { 3i64 22i64 7i64 } output { true }
-- input { 0i64 32i64 1i64 } output { true }

import "fft"

entry main [b][n] (re: [b][n]f32) (im: [b][n]f32) : ([b][n]f32, [b][n]f32) =
  unzip (map unzip (map fft32.fft (map2 zip re im)))

-- | Row i of b is an impulse at (i + s) mod n: its DFT is exp(-2 pi i k (i + s) / n),
-- checked against the cosine and sine of the exact angle.
entry impulse (b: i64) (n: i64) (s: i64) : bool =
  let rows = tabulate b (\i -> tabulate n (\j -> if j == (i + s) % n then (1f32, 0f32)
                                                 else (0f32, 0f32)))
  let ys = map fft32.fft rows
  in and (flatten (tabulate b (\i -> map2 (\k (re, im) ->
       let a = -2 * f64.pi * f64.i64 ((k * ((i + s) % n)) % n) / f64.i64 n
       in f32.abs (re - f32.f64 (f64.cos a)) < 1e-5 && f32.abs (im - f32.f64 (f64.sin a)) < 1e-5)
       (iota n) ys[i])))
