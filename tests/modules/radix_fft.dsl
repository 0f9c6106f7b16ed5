-- A generic-radix Stockham FFT: a functor over `radix` that loops over the butterfly.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0]
--         [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5] }
-- output { [10.0, 5.308471, -1.181981, -6.278778, -0.5, 0.346891, 3.06066, 0.399245,
--           0.0, -1.065831, 5.181981, 2.036138, -1.5, -4.589532, 0.93934, 3.843396]
--          [1.5, -6.885632, -8.303301, -2.247004, 1.0, -0.234806, -1.596194, -2.801504,
--           -1.5, 2.642992, 2.303301, -1.995637, -1.0, 4.477446, 7.596194, 7.044145]
--          [10.0, 5.308471, -1.181981, -6.278778, -0.5, 0.346891, 3.06066, 0.399245,
--           0.0, -1.065831, 5.181981, 2.036138, -1.5, -4.589532, 0.93934, 3.843396]
--          [1.5, -6.885632, -8.303301, -2.247004, 1.0, -0.234806, -1.596194, -2.801504,
--           -1.5, 2.642992, 2.303301, -1.995637, -1.0, 4.477446, 7.596194, 7.044145] }
-- input { [1.0, -2.0, 0.5, 3.0] [0.0, 1.0, 2.0, -1.0] }
-- output { [2.5, 2.5, 0.5, -1.5] [2.0, 3.0, 2.0, -7.0]
--          [2.5, 2.5, 0.5, -1.5] [2.0, 3.0, 2.0, -7.0] }

-- Each stage applies the butterfly to n/r groups; radix-2 and radix-4 give the same DFT.

import "complex"

module c = complex64
type complex = c.t

module type radix = {
  val r: i64
  val butterfly: [r]complex -> [r]complex
}

module radix2 : radix = {
  def r = 2i64
  def butterfly (xs: [r]complex) : [r]complex =
    [xs[0] c.+ xs[1], xs[0] c.- xs[1]] :> [r]complex
}

module radix4 : radix = {
  def r = 4i64
  def butterfly (xs: [r]complex) : [r]complex =
    let a = xs[0] c.+ xs[2]
    let b = xs[0] c.- xs[2]
    let d = xs[1] c.+ xs[3]
    let e = c.mul_neg_i (xs[1] c.- xs[3])
    in [a c.+ d, b c.+ e, a c.- d, b c.- e] :> [r]complex
}

-- The FFT of an array whose size is a power of R.r.
module stockham (R: radix) = {
  -- One stage: group j takes every (n/r)th element from j, twiddled, and writes the
  -- butterfly's results ns apart.
  def stage [n] (ns: i64) (xs: [n]complex) : [n]complex =
    let m = n / R.r
    let groups = tabulate m (\j ->
      let angle = -2 * f64.pi * f64.i64 (j % ns) / f64.i64 (ns * R.r)
      let v = tabulate R.r (\q -> xs[j + q * m] c.* c.cis (f64.i64 q * angle))
      let base = (j / ns) * ns * R.r + j % ns
      in (tabulate R.r (\q -> base + q * ns), R.butterfly v))
    let (is, vs) = unzip groups
    in scatter (replicate n c.zero) (flatten is) (flatten vs)

  def fft [n] (xs: [n]complex) : [n]complex =
    let (ys, _) = loop (ys, ns) = (xs, 1) while ns < n do (stage ns ys, ns * R.r)
    in ys
}

module fft2 = stockham radix2
module fft4 = stockham radix4

entry main [n] (re: [n]f64) (im: [n]f64) =
  let xs = map2 c.mk re im
  let a = fft2.fft xs
  let b = fft4.fft xs
  in (map c.re a, map c.im a, map c.re b, map c.im b)
