-- map4 and map5 from the prelude, with arguments of different element types.
-- ==
-- input { [1i32, 2i32] [3i64, 4i64] [0.5f64, 0.25f64] [true, false] [100u8, 200u8] }
-- output { [4.5f64, 6.25f64] [104.5f64, -193.75f64] }
entry main [n] (a: [n]i32) (b: [n]i64) (c: [n]f64) (d: [n]bool) (e: [n]u8)
    : ([n]f64, [n]f64) =
  (map4 (\x y z _ -> f64.i32 x + f64.i64 y + z) a b c d,
   map5 (\x y z p q -> let s = f64.i32 x + f64.i64 y + z
                       in if p then s + f64.u8 q else s - f64.u8 q) a b c d e)
