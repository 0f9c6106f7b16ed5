-- The numeric modules' qualified operators mixed with unqualified ones.
-- ==
-- input { 4i32 } output { 14i32 5i32 true 2.5f64 }

-- `2 + 3 i32.* 4` is 14 and `10 i32.- 2 - 3` is 5 (left associative).

entry main (x: i32) : (i32, i32, bool, f64) =
  (2 + 3 i32.* x, 10 i32.- 2 - 3, 1 + 2 i32.< x, 5 f64./ 2 f64.* 1)
