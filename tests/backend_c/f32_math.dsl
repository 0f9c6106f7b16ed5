-- The f32 module's elementary functions (values from Python's math module, rounded
-- to f32).
-- ==
-- input { 0.5f32 2f32 }
-- output { 1.4142135f32 1.6487212f32 0.6931472f32 0.47942555f32 0.87758255f32
--          0.5463025f32 0.5235988f32 1.0471976f32 0.4636476f32 0.5210953f32
--          1.1276259f32 0.46211717f32 0.4812118f32 1.316958f32 0.54930615f32
--          -2.3561945f32 13f32 0.5204999f32 0.4795001f32 24f32 12.801827f32 -1f32
--          -0.30103f32 1.0986123f32 1.2599211f32 }
entry main (x: f32) (y: f32) =
  (f32.sqrt y, f32.exp x, f32.log y, f32.sin x, f32.cos x, f32.tan x, f32.asin x,
   f32.acos x, f32.atan x, f32.sinh x, f32.cosh x, f32.tanh x, f32.asinh x, f32.acosh y,
   f32.atanh x, f32.atan2 (-1) (-1), f32.hypot 5 12, f32.erf x, f32.erfc x, f32.gamma 5,
   f32.lgamma 10, f32.log2 x, f32.log10 x, f32.log1p y, f32.cbrt y)
