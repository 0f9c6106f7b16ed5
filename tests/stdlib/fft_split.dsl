-- Rows longer than the on-chip limit split in two (`four_step` in stdlib/fft.dsl),
-- batched: with the limit set to 16 by `mk_fft_limits`, every length from 17 on whose
-- factors n1 <= n2 are at most 16 goes through the split (two maps of Stockham's
-- passes, the transposes and the twiddles between), on OpenCL the split's maps
-- distributed over the batch (Note [distributing maps] in src/lower/distribute.c: a
-- kernel over the rows of every element). Each check says whether the batch's relative
-- rms error against the DFT by its definition is within the bound. Lengths that do not
-- split take the map's other arms: 17 (a prime: a direct pass), 97 (Bluestein's, on
-- the host), 512 = 16 x 32 (a factor over the limit: Stockham's passes alone); 11
-- (a direct pass), 12 (radix 4 and 3), 14 (radix 2 and 7) and 16 take Stockham's
-- passes in place over one buffer (`in_place`, set to 8 ... 16); also a row of 1 and
-- an empty batch. fft_split_single.dsl: one transform. Kernels: 12 of the FFT (three
-- versions each of the Stockham arm, of the arm in place and of the split's two maps),
-- 3 of the DFT.
-- ==
-- entry: batch
-- input { 3i64 32i64 } output { true }
-- input { 2i64 48i64 } output { true }
-- input { 3i64 64i64 } output { true }
-- input { 2i64 100i64 } output { true }
-- input { 1i64 243i64 } output { true }
-- input { 2i64 256i64 } output { true }
-- input { 2i64 17i64 } output { true }
-- input { 2i64 97i64 } output { true }
-- input { 1i64 512i64 } output { true }
-- input { 2i64 11i64 } output { true }
-- input { 3i64 12i64 } output { true }
-- input { 2i64 14i64 } output { true }
-- input { 2i64 16i64 } output { true }
-- input { 2i64 1i64 } output { true }
-- input { 0i64 64i64 } output { true }
-- structure kernels { group 15 host 1 }

import "fft"
import "complex"

module c = complex64
module split64 = mk_fft_limits f64 (no_radix f64) {
  def onchip_max = 16i64
  def in_place (n: i64) = n >= 8 && n <= 16
}

def value (i: i64) : c.t = (f64.sin (f64.i64 i * 0.7), f64.cos (f64.i64 (i * i % 97) * 0.3))

def dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k -> reduce (c.+) c.zero (tabulate n (\j ->
    xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

def sq (z: c.t) : f64 = c.re z * c.re z + c.im z * c.im z

def relerr [n] (a: [n]c.t) (b: [n]c.t) : f64 =
  f64.sqrt (f64.sum (map2 (\x y -> sq (x c.- y)) a b) / f64.max 1e-300 (f64.sum (map sq b)))

entry batch (b: i64) (n: i64) : bool =
  -- the rows come out of a transpose, which fusion does not put into the map of fft
  let rows = transpose (tabulate_2d n b (\j i -> value (i * n + j)))
  let got = map split64.fft rows
  -- plus 0 times an element of the result: computed after it, so that fusion does not
  -- make the two maps one (whose FFT and DFT would run on the host)
  let z = if b > 0 && n > 0 then c.re got[0, 0] * 0 else 0
  let want = map dft (map (map (\(x, y) -> (x + z, y))) rows)
  in relerr (flatten got) (flatten want) <= 1e-14 * f64.max 1 (f64.log2 (f64.i64 n))
