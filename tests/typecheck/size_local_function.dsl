-- Local functions with their own size parameters, closing over an outer size parameter.
-- ==
-- input { [1i32, 2i32] } output { [3i32, 4i32] 2i64 }

entry main [n] (xs: [n]i32) : ([n]i32, i64) =
  let add_n (x: i32) = x + i32.i64 n
  let g [m] (ys: [m]i32) : [m]i32 = map add_n ys
  let len [m] (_: [m]i32) : i64 = m
  in (g xs, len xs)
