-- fft3 against direct DFTs along each axis and its inverse as a round trip, and a batch
-- (`map fft32.fft`) against one transform per row (fft2: fft_multi.dsl).
-- ==
-- entry: check3
-- input { 2i64 3i64 4i64 } output { true true }
-- input { 5i64 8i64 7i64 } output { true true }
-- input { 1i64 1i64 16i64 } output { true true }
-- entry: batch
-- input { 7i64 12i64 } output { true }
-- input { 3i64 1024i64 } output { true }
-- input { 0i64 8i64 } output { true }

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

entry check3 (a: i64) (n: i64) (m: i64) : (bool, bool) =
  let x = tabulate_3d a n m (\i j k -> value ((i * n + j) * m + k))
  let along0 (y: [a][n][m]c.t) = transpose (map (\p -> transpose (map dft (transpose p))) (transpose y))
  let want = along0 (map (\p -> transpose (map dft (transpose (map dft p)))) x)
  let got = fft64.fft3 x
  let back = fft64.ifft3 got
  in (relerr (flatten (flatten got)) (flatten (flatten want)) <= 1e-13,
      relerr (flatten (flatten back)) (flatten (flatten x)) <= 1e-13)

entry batch (b: i64) (n: i64) : bool =
  let x = tabulate_2d b n (\i j -> let (re, im) = value (i * n + j) in (f32.f64 re, f32.f64 im))
  let got = map fft32.fft x
  let want = map (\r -> dft (map (\(re, im) -> (f64.f32 re, f64.f32 im)) r)) x
  let widen = map (\(re, im) -> (f64.f32 re, f64.f32 im))
  in relerr (widen (flatten got)) (flatten want) <= 1e-6
