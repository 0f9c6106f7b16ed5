-- The float modules' constants: pi, e, inf, nan, and highest/lowest, which are the
-- infinities as in Futhark (so that they are neutral for min and max).
-- ==
-- input { 0i32 }
-- output { 3.1415927f32 2.7182817f32 3.141592653589793f64 2.718281828459045f64
--          f32.inf -f64.inf f32.nan f64.nan f32.inf -f32.inf f64.inf -f64.inf
--          [1078530011u32, 1076754516u32, 2139095040u32, 4286578688u32]
--          [4614256656552045848u64, 4613303445314885481u64] }
entry main (_: i32) =
  (f32.pi, f32.e, f64.pi, f64.e, f32.inf, -f64.inf, f32.nan, f64.nan,
   f32.highest, f32.lowest, f64.highest, f64.lowest,
   map f32.to_bits [f32.pi, f32.e, f32.inf, -f32.inf],
   map f64.to_bits [f64.pi, f64.e])
