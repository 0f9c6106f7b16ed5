-- Infinities, NaN, signed zeros, the f16 module's constants and its math functions.
-- Constants and operations on them compute at run time (f16 is not folded), so both
-- backends compute each of these. Bits are compared exactly where the value is exact;
-- the transcendental functions are f32's rounded to f16 (within the test tolerance).
-- ==
-- entry: specials
-- input { f16.inf 0f16 }
-- output { true true false true 1f16 f16.inf -f16.inf 5120u16 32768u16 64512u16
--          15361u16 31743u16 }
-- entry: maths
-- input { 1f16 2.5f16 }
-- output { [0.8413f16, 7.389f16, 0.6934f16, 1.581f16, 3.141f16, -3f16, 2f16, 1f16, 3.5f16,
--           -1f16, -0.5f16, 0.5f16, 6.25f16, 2.693f16] }

entry specials (inf: f16) (zero: f16) =
  ( f16.isnan (inf - inf)
  , f16.isinf (inf * 2)
  , f16.nan == f16.nan
  , f16.nan != f16.nan
  , f16.max f16.nan 1
  , f16.highest
  , f16.lowest
  , f16.to_bits f16.epsilon
  , f16.to_bits (-zero)
  , f16.to_bits (1 / (-zero))
  , f16.to_bits (f16.nextafter 1 2)
  , f16.to_bits 65504f16 )

entry maths (x: f16) (y: f16) : []f16 =
  [ f16.sin x, f16.exp (x * 2), f16.log y - f16.log (x + x * 0.25), f16.sqrt y, f16.pi
  , f16.floor (-y), f16.round y, f16.sgn y, f16.fma x y x, f16.copysign x (-y)
  , y % (x + x * 0.0) - x, y - 2, y ** 2, f16.e - f16.from_fraction 1 40 ]
