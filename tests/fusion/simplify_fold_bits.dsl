-- Constant folding of the bit operations: shifts by negative amounts or by the width or
-- more give 0, or the sign for >> on signed types (>> is arithmetic on signed types and
-- logical on unsigned ones); popc, clz and ctz count in the operand's width (clz and ctz
-- of 0 are the width); to_bits and from_bits keep every bit; ! complements.
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- entry: folded
-- input { }
-- output { -160i32 -3i32 0i32 -1i32 0i32 -1i32 0u8 0u8 25u8 64u8 29i32 0i32 2i32 3i32 0i32
--          3i32 16i32 16i32 0i32 3217031168u32 -1.5f32 13832806255468478464u64 19i32 55u8
--          -1i16 }
-- entry: computed
-- input { -20i32 3i32 40i32 -1i32 200u8 9u8 0i16 -1.5f32 3217031168u32 }
-- output { -160i32 -3i32 0i32 -1i32 0i32 -1i32 0u8 0u8 25u8 64u8 29i32 0i32 2i32 3i32 0i32
--          3i32 16i32 16i32 0i32 3217031168u32 -1.5f32 13832806255468478464u64 19i32 55u8
--          -1i16 }
def bits (a: i32) (b: i32) (c: i32) (d: i32) (u: u8) (v: u8) (z: i16) (f: f32) (w: u32) =
  (a << b, a >> b, a << c, a >> c, a << d, a >> d, u << v, u >> v, u >> 3, u << 3,
   i32.popc a, i32.clz a, i32.ctz a, u8.popc u, u8.clz u, u8.ctz u, i16.clz z, i16.ctz z,
   i16.popc z, f32.to_bits f, f32.from_bits w, f64.to_bits (f64.f32 f), !a, !u, !z)
entry folded = bits (-20) 3 40 (-1) 200 9 0 (-1.5) 3217031168
entry computed (a: i32) (b: i32) (c: i32) (d: i32) (u: u8) (v: u8) (z: i16) (f: f32)
               (w: u32) =
  bits a b c d u v z f w
