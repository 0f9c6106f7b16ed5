-- Dead code: statements whose results are unused go, also inside lambdas, loop bodies
-- and branches, unless they may fail: an unused division by a possibly zero value and
-- an unused out-of-bounds read still report their error (assertions: simplify_assert).
-- After simplification `main` is `map (\x -> x + 1) xs` (the unused array, the unused
-- reduce, whose operator cannot fail, and the unused loop go); the division, the read
-- and the conversion of `keeps_failures` stay.
-- Structure after simplification (dump --after simplify --structure): map 1
-- ==
-- structure { loop 0 map 1 }
-- input { [1i32, 2i32] } output { [2i32, 3i32] }
-- entry: keeps_failures
-- input { [1i32, 2i32] 0i32 2i64 } error: division by zero
-- input { [1i32, 2i32] 1i32 2i64 } error: out of bounds
-- input { [1i32, 2i32] 1i32 1i64 } output { 2i32 }
entry main (xs: []i32) =
  let unused_array = map (\x -> x * 2) xs
  let unused_sum = reduce (+) 0 unused_array
  let ys = map (\x -> let dead = x * x - 1 in let _ = f32.i32 dead in x + 1) xs
  let _ = loop acc = 0 for y in ys do acc + y
  in ys

entry keeps_failures (xs: []i32) (d: i32) (i: i64) =
  let _ = 10 / d
  let _ = xs[i]
  in length xs |> i32.i64
