-- Constant folding of conversions, as emit_exp.c writes them: integers wrap to narrower
-- types, sign-extend from signed to wider signed types and zero-extend otherwise (u64.i8
-- (-100) is 156); integers to floats round once to nearest from the integer's own type
-- (u64 above 2^63 included); floats to integers truncate, wrap around (u8.f64 (-2.75)
-- is 254) and turn NaN and the infinities into 0; bool is 0 or 1, and a number is true when
-- it is not 0 (NaN included). `folded` is all constants after simplification;
-- `computed` converts its inputs.
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- entry: folded
-- input { }
-- output { 156u8 156u64 -100i16 3267887104u32 -989331455i32
--          -446744073709551615i64 1601817817u32 4895194658196988160u64 -394967296i32
--          3900000000u32 0i8 18446744069809551616u64 0i64 0u16 -2i32 254u8 0i64 0u32
--          4286578688u32 4750469300421132288u64 1i32 1065353216u32 0u64 true false true
--          1266679808u32 1i8 1u8 }
-- entry: computed
-- input { -100i8 18000000000000000001u64 3.9e9f32 -1e300f64 -2.75f64 true
--         16777217i64 }
-- output { 156u8 156u64 -100i16 3267887104u32 -989331455i32
--          -446744073709551615i64 1601817817u32 4895194658196988160u64 -394967296i32
--          3900000000u32 0i8 18446744069809551616u64 0i64 0u16 -2i32 254u8 0i64 0u32
--          4286578688u32 4750469300421132288u64 1i32 1065353216u32 0u64 true false true
--          1266679808u32 1i8 1u8 }
def b32 (x: f32) = f32.to_bits x
def b64 (x: f64) = f64.to_bits x
def convs (a: i8) (b: u64) (c: f32) (d: f64) (e: f64) (t: bool) (g: i64) =
  (u8.i8 a, u64.i8 a, i16.i8 a, b32 (f32.i8 a), i32.u64 b, i64.u64 b, b32 (f32.u64 b),
   b64 (f64.u64 b), i32.f32 c, u32.f32 c, i8.f32 c, u64.f32 (-c), i64.f64 d, u16.f64 d,
   i32.f64 e, u8.f64 e, i64.f32 (c - c + f32.nan), u32.f64 (f64.nan + d), b32 (f32.f64 d),
   b64 (f64.f32 c), i32.bool t, b32 (f32.bool t), b64 (f64.bool (!t)), bool.i8 a,
   bool.f32 (c * 0), bool.f64 (f64.nan + e), b32 (f32.i64 g), i8.i64 g, u8.bool t)
entry folded = convs (-100) 18000000000000000001 3.9e9 (-1e300) (-2.75) true 16777217
entry computed (a: i8) (b: u64) (c: f32) (d: f64) (e: f64) (t: bool) (g: i64) =
  convs a b c d e t g
