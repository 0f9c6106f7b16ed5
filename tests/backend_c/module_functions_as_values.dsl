-- Functions of the numeric modules passed as arguments and partially applied:
-- reduce i64.max, map f64.sqrt, map2 i32.min, map (u8.max 10).
-- ==
-- input { [4i64, -9i64, 6i64] [4f64, 2.25f64] [1i32, 5i32] [3i32, 2i32] [5u8, 20u8] }
-- output { 6i64 [2f64, 1.5f64] [1i32, 2i32] [10u8, 20u8] [4i64, 9i64, 6i64] }
entry main [n] (a: []i64) (b: []f64) (c: [n]i32) (d: [n]i32) (e: []u8) =
  (reduce i64.max i64.lowest a, map f64.sqrt b, map2 i32.min c d, map (u8.max 10) e,
   map i64.abs a)
