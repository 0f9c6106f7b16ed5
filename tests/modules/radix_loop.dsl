-- A functor over the `radix` module type applies the butterfly in a loop.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0] [0.0, 1.0, -1.0, 2.0] 2i64 }
-- output { [2.0, 4.0] [0.0, 2.0] [4.0, 16.0, 12.0, 8.0] [0.0, 8.0, -4.0, 4.0] }
-- input { [1.0, 2.0, 3.0, 4.0] [0.0, 1.0, -1.0, 2.0] 4i64 }
-- output { [4.0, 8.0] [0.0, 4.0] [16.0, 32.0, 48.0, 64.0] [0.0, 16.0, -16.0, 32.0] }

-- A DFT of size r applied twice is r times the input reversed after its first element:
-- radix-2 gives 2x, radix-4 gives 4 * [x0, x3, x2, x1]; four times gives 16x.

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

module repeat (R: radix) = {
  def run (k: i64) (xs: [R.r]complex) : [R.r]complex =
    loop ys = xs for _i < k do R.butterfly ys

  def run_f64 [n] (k: i64) (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64) =
    let ys = run k (map2 c.mk re im :> [R.r]complex)
    in (map c.re ys :> [n]f64, map c.im ys :> [n]f64)
}

module rep2 = repeat radix2
module rep4 = repeat radix4

entry main (re: [4]f64) (im: [4]f64) (k: i64) =
  let (a, b) = rep2.run_f64 k re[0:2] im[0:2]
  let (c, d) = rep4.run_f64 k re im
  in (a, b, c, d)
