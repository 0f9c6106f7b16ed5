-- A functor over stdlib/complex.dsl's `complex` module type: powers z^n in a loop.
-- ==
-- input { 1.0 1.0 4i32 } output { -4f32 0f32 -4.0 0.0 -4.0 0.0 }
-- input { 0.0 2.0 3i32 } output { 0f32 -8f32 0.0 -8.0 0.0 -8.0 }

-- Applied to complex32, complex64 and a user's own mk_complex f64.

import "complex"

module power (C: complex) = {
  def pow (z: C.t) (n: i32) : C.t = loop acc = C.one for _i < n do acc C.* z
}

module p32 = power complex32
module p64 = power complex64
module mine = mk_complex f64
module pm = power mine

entry main (x: f64) (y: f64) (n: i32) : (f32, f32, f64, f64, f64, f64) =
  let a = p32.pow (complex32.mk (f32.f64 x) (f32.f64 y)) n
  let b = p64.pow (complex64.mk x y) n
  let c = pm.pow (mine.mk x y) n
  in (complex32.re a, complex32.im a, complex64.re b, complex64.im b, mine.re c, mine.im c)
