-- A module type whose value r is the size `[r]complex` of a later spec: radix-2 and -4.
-- ==
-- input { [1.0, 2.0] [0.0, 1.0] [1.0, 2.0, 3.0, 4.0] [0.0, 1.0, -1.0, 2.0] }
-- output { [3.0, -1.0] [1.0, -1.0] [10.0, -3.0, -2.0, -1.0] [2.0, 3.0, -4.0, -1.0] 2i64 4i64 }

-- The butterflies are DFTs of size r on complex numbers from stdlib/complex.dsl; outside
-- the opaque modules, arrays are coerced to [radix2.r] and [radix4.r].

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

entry main (re2: [2]f64) (im2: [2]f64) (re4: [4]f64) (im4: [4]f64) =
  let y2 = radix2.butterfly (map2 c.mk re2 im2 :> [radix2.r]complex)
  let y4 = radix4.butterfly (map2 c.mk re4 im4 :> [radix4.r]complex)
  in (map c.re y2, map c.im y2, map c.re y4, map c.im y4, radix2.r, radix4.r)
