-- Constant folding of integer operators gives exactly what the generated code computes
-- (rts/c/scalar.h): wrap-around at every width, / and % rounding toward negative
-- infinity on signed types and // and %% toward zero, MIN / -1, ** by repeated squaring
-- (negative exponents are run-time errors: simplify_fold_div_zero.dsl), abs and neg of MIN, unsigned subtraction below 0,
-- and the bitwise operators. `folded` applies the operators to constants: after
-- simplification its body is only its results (`prismc dump --after simplify`:
-- `in (125i8, -127i8, ...)`, no statement left). `computed` applies the same operators
-- to its inputs, where nothing can fold: both must agree.
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- entry: folded
-- input { }
-- output { 125i8 -127i8 2i8 -64i8 -1i8 -63i8 1i8 127i8 -127i8 -4i32 1i32 -3i32 -1i32 -7i32
--          2i32 -823543i32 7i32 -1i32 -9223372036854775805i64 9223372036854775807i64 0i64
--          9223372036854775807i64 0i64 -9223372036854775808i64 0i64 -9223372036854775808i64
--          -9223372036854775808i64 -9223372036854775808i64 -8i64 0i32 1i64 44u8 100u8 32u8 2u8
--          0u8 2u8 0u8 64u8 56u8 200u8 1u8 1983905792u32 3999999995u32 1333333333u32 7u32
--          4000000000u32 18446744073709551615u64 0u64 0u64 0u64 0i32 -2i32 -2i32 11i32 96u16
--          60001u16 5535u16 5535u16 }
-- entry: computed
-- input { 127i8 -2i8 -7i32 2i32 -9223372036854775807i64 3i64 200u8 100u8 4000000000u32
--         0u64 -12i32 10i32 60000u16 }
-- output { 125i8 -127i8 2i8 -64i8 -1i8 -63i8 1i8 127i8 -127i8 -4i32 1i32 -3i32 -1i32 -7i32
--          2i32 -823543i32 7i32 -1i32 -9223372036854775805i64 9223372036854775807i64 0i64
--          9223372036854775807i64 0i64 -9223372036854775808i64 0i64 -9223372036854775808i64
--          -9223372036854775808i64 -9223372036854775808i64 -8i64 0i32 1i64 44u8 100u8 32u8 2u8
--          0u8 2u8 0u8 64u8 56u8 200u8 1u8 1983905792u32 3999999995u32 1333333333u32 7u32
--          4000000000u32 18446744073709551615u64 0u64 0u64 0u64 0i32 -2i32 -2i32 11i32 96u16
--          60001u16 5535u16 5535u16 }
def signed_ops (a: i8) (b: i8) (c: i32) (d: i32) (e: i64) (f: i64) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b, a ** 3, -a,
   c / d, c % d, c // d, c %% d, i32.min c d, i32.max c d, c ** 7, i32.abs c, i32.sgn c,
   e * f, e / -1, e % -1, e // -1, e %% -1, i64.lowest / -1, i64.lowest % -1,
   i64.lowest * -1, -i64.lowest, i64.abs i64.lowest, (-2) ** f, 2 ** 62 * 2, e ** 0)

def unsigned_ops (a: u8) (b: u8) (c: u32) (d: u64) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b, a ** 2, -a, u8.abs a, u8.sgn a,
   c * c, c - 5, c / 3, u32.min c 7, u32.max c 7, d - 1, d / 2, d * d, d ** 3)

def bit_ops (a: i32) (b: i32) (u: u16) =
  (a & b, a | b, a ^ b, !a, u & 255, u | 1, u ^ u16.highest, !u)

entry folded =
  (signed_ops 127 (-2) (-7) 2 (-9223372036854775807) 3, unsigned_ops 200 100 4000000000 0,
   bit_ops (-12) 10 60000)

entry computed (a: i8) (b: i8) (c: i32) (d: i32) (e: i64) (f: i64) (ua: u8) (ub: u8)
               (uc: u32) (ud: u64) (ba: i32) (bb: i32) (bu: u16) =
  (signed_ops a b c d e f, unsigned_ops ua ub uc ud, bit_ops ba bb bu)
