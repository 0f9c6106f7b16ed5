-- iota and replicate, including size 0 and replicate of an array (a 2-D result).
-- ==
-- input { 4i64 }
-- output { [0i64, 1i64, 2i64, 3i64] [1.5f32, 1.5f32, 1.5f32, 1.5f32] [[0i64, 1i64], [0i64, 1i64], [0i64, 1i64], [0i64, 1i64]] }
-- input { 0i64 }
-- output { empty([0]i64) empty([0]f32) empty([0][2]i64) }
entry main (n: i64) : ([n]i64, [n]f32, [n][2]i64) =
  (iota n, replicate n 1.5, replicate n (iota 2))
