-- A functor over the prelude's `numeric` module type, applied to integer and float modules.
-- ==
-- input { [1i32, 2i32, 3i32, 10i32] }
-- output { 4i8 9u64 4.0f32 16i16 -1i64 54u32 127i8 3.0f64 }

module stats (N: numeric) = {
  def mean [n] (xs: [n]N.t) : N.t = N.sum xs N./ N.i64 n
  def range [n] (xs: [n]N.t) : N.t = N.maximum xs N.- N.minimum xs
  def sum_sq [n] (xs: [n]N.t) : N.t = N.sum (map (\x -> x N.* x) xs) N.- N.product xs
  def signum (x: N.t) : N.t = N.sgn (N.neg x)
}

module s8 = stats i8
module s16 = stats i16
module s64 = stats i64
module su32 = stats u32
module su64 = stats u64
module sf32 = stats f32
module sf64 = stats f64

entry main (xs: []i32) =
  (s8.mean (map i8.i32 xs), su64.range (map u64.i32 xs), sf32.mean (map f32.i32 xs),
   s16.mean (map i16.i32 xs) i16.** 2, s64.signum 5, su32.sum_sq (map u32.i32 xs),
   i8.highest, sf64.range (map f64.i32 xs) f64./ 3)
