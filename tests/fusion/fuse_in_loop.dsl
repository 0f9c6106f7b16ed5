-- Fusion inside a loop body: each iteration's map-map-reduce is one redomap (the
-- loop's index is free in the lambdas), and a loop that carries an array updates it
-- with one map per iteration (map-map fused, the array read once).
-- ==
-- input { [1f32, 2f32, 3f32] 3i32 } output { 27f32 }
-- input { [1f32, 2f32] 0i32 } output { 0f32 }
-- entry: carried
-- input { [1i64, -2i64, 5i64] 4i64 } output { [12i64, -36i64, 76i64] }
-- structure { loop 2 redomap 1 map 1 reduce 0 }
entry main (xs: []f32) (k: i32) =
  loop acc = 0f32 for i < k do
    acc + reduce (+) 0 (map (\y -> y + 1) (map (\x -> x * f32.i32 i) xs))

entry carried (xs: []i64) (k: i64) =
  loop ys = xs for i < k do map (\y -> y + i) (map (\y -> y * 2 - 1) ys)
