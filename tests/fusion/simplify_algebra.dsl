-- Algebraic identities on integers: x + 0, x - 0, x * 1, x * 0, x - x, x / 1, x % 1,
-- x & 0, x & -1, x | 0, x ^ x, x << 0, min x x, x ** 1, x ** 0; constants move to the
-- right of commutative operators (3 + x is x + 3) and comparisons (3 < x is x > 3);
-- constant offsets and factors combine ((x + 1) + 2 is x + 3, (x - 5) + 2 is x - 3,
-- (x * 3) * 4 is x * 12), with wrap-around; -(-x), !(!x) and not (not x) are x (for
-- floats too: the sign flips twice). After simplification `main` computes x + 3,
-- x - 3, x * 12, x > 3 and nothing else, and `involutions` only to_bits f.
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- input { 7i32 }
-- output { 7i32 7i32 7i32 0i32 0i32 7i32 0i32 0i32 7i32 7i32 0i32 7i32 7i32 7i32 1i32 7i32
--          7i32 10i32 4i32 10i32 84i32 true }
-- input { 2147483647i32 }
-- output { 2147483647i32 2147483647i32 2147483647i32 0i32 0i32 2147483647i32 0i32 0i32
--          2147483647i32 2147483647i32 0i32 2147483647i32 2147483647i32 2147483647i32 1i32
--          2147483647i32 2147483647i32 -2147483646i32 2147483644i32 -2147483646i32 -12i32 true }
-- entry: involutions
-- input { -2147483648i32 -0f32 false }
-- output { -2147483648i32 -2147483648i32 2147483648u32 false }
-- input { 3i32 f32.nan true } output { 3i32 3i32 2143289344u32 true }
-- entry: unsigned
-- input { 5u8 } output { 254u8 253u8 0u8 255u8 0u8 }
entry main (x: i32) =
  (x + 0, x - 0, x * 1, x * 0, x - x, x / 1, x % 1, x & 0, x & -1, x | 0, x ^ x, x << 0,
   i32.min x x, x ** 1, x ** 0, 0 + x, 1 * x, (x + 1) + 2, (x - 5) + 2, 3 + x + 0,
   (x * 3) * 4, 3 < x)

entry unsigned (x: u8) = ((x - 10) + 3, (x + 250) - 2, x * 0, x | 255, (x * 16) * 16)

entry involutions (x: i32) (f: f32) (b: bool) = (-(-x), !(!x), f32.to_bits (-(-f)), !(!b))
