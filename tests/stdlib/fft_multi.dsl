-- fft2 against direct DFTs along each axis and its inverse as a round trip (fft3 and a
-- batch: fft_multi3.dsl; the two are apart so that each program's kernels, a group
-- kernel in three versions for each `map fft`, build in a reasonable time on a loaded
-- CPU).
-- ==
-- entry: check2
-- input { 1i64 1i64 } output { true true }
-- input { 4i64 8i64 } output { true true }
-- input { 6i64 10i64 } output { true true }
-- input { 13i64 16i64 } output { true true }
-- input { 0i64 5i64 } output { true true }

import "fft"
import "complex"

module c = complex64

def dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k -> reduce (c.+) c.zero (tabulate n (\j ->
    xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

def sq (z: c.t) : f64 = c.re z * c.re z + c.im z * c.im z

def relerr [n] (a: [n]c.t) (b: [n]c.t) : f64 =
  f64.sqrt (f64.sum (map2 (\x y -> sq (x c.- y)) a b) / f64.max 1e-300 (f64.sum (map sq b)))

def value (i: i64) : c.t = (f64.sin (f64.i64 i * 0.7), f64.cos (f64.i64 (i * i % 97) * 0.3))

entry check2 (n: i64) (m: i64) : (bool, bool) =
  let x = tabulate_2d n m (\i j -> value (i * m + j))
  let want = transpose (map dft (transpose (map dft x)))
  let got = fft64.fft2 x
  let back = fft64.ifft2 got
  in (relerr (flatten got) (flatten want) <= 1e-13, relerr (flatten back) (flatten x) <= 1e-13)
