-- Type ascription `e : t` and size coercion `e :> t`.
-- ==
-- input { [1i32, 2i32] } output { [2i32, 3i32] 3i64 }

entry main [n] (xs: [n]i32) : ([n]i32, i64) =
  let ys = map (+1) xs :> [n]i32
  in (ys : [n]i32, 3 : i64)
