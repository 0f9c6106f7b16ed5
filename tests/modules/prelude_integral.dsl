-- A functor over the prelude's `integral` module type, applied to u8, i32 and i64.
-- ==
-- input { [1i32, 2i32, 3i32, 10i32] } output { 6i32 10i64 -3i32 7u8 4i32 }

module bits (I: integral) = {
  def pop [n] (xs: [n]I.t) : i32 = i32.sum (map I.popc xs)
  def mix (a: I.t) (b: I.t) : I.t = (a I.& b) I.| (a I.^ b) I.<< I.i32 1
  def div_zero (a: I.t) (b: I.t) : I.t = a I.// b
  def low_bits (a: I.t) : I.t = a I.%% I.i32 8
  def lead (a: I.t) : i32 = I.clz a
}

module bu8 = bits u8
module bi32 = bits i32
module bi64 = bits i64

entry main (xs: []i32) : (i32, i64, i32, u8, i32) =
  (bu8.pop (map u8.i32 xs), bi64.mix 6 3, bi32.div_zero (-7) 2, bu8.low_bits 15, bu8.lead 10)
