-- The f16 module matches the module types numeric, real and float of the prelude, so
-- functors over them apply to f16 as to f32 and f64; every module converts from f16.
-- ==
-- input { [1.5f16, 2.5f16, -4f16] } output { 0f16 15872u16 -6i32 4.5f64 }

module Stats (R: real) = {
  def mean [n] (xs: [n]R.t) : R.t = R.sum xs R./ R.i64 n
}

module Bits (F: float) = {
  def first_bits (xs: []F.t) : F.int_t = F.to_bits xs[0]
}

module S16 = Stats f16
module B16 = Bits f16

entry main (xs: []f16) : (f16, u16, i32, f64) =
  (S16.mean xs, B16.first_bits xs, i32.f16 (f16.sum xs * 2 - 6.9) + i32.f16 (f16.f64 (-0.1)),
   f64.f16 (f16.maximum xs) + f64.f16 f16.epsilon * 2048)
