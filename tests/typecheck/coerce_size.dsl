-- `:>` coerces an existential size to a known one; it is checked at run time.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] } output { [2i32, 4i32, 6i32, 8i32] [1i32, 2i32, 3i32, 4i32, 0i32] }

entry main [n] (xs: [n]i32) : ([n]i32, [n+1]i32) =
  let ys = filter (\_ -> true) xs
  let zs = ys :> [n]i32
  in (map2 (+) zs xs, concat (filter (\_ -> true) xs) [0] :> [n+1]i32)
