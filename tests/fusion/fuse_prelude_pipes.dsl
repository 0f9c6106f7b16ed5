-- Fusion through the prelude and pipes: `all` and `any` over the same array (maps into
-- and/or: two redomaps, merged into one), a pipeline xs |> map |> map |> reduce (one redomap), tabulate into a
-- map (one map over the iota), and a record of arrays (two arrays after
-- internalisation) mapped and reduced field by field (one redomap).
-- ==
-- entry: checks
-- input { [1i32, 2i32, 3i32] } output { true false }
-- input { [1i32, -2i32, 30i32] } output { false true }
-- input { empty([0]i32) } output { true false }
-- entry: piped
-- input { [1i64, 2i64, 3i64] } output { 17i64 }
-- entry: tab
-- input { 4i64 } output { [2i64, 1i64, 2i64, 5i64] }
-- entry: records
-- input { [1f32, 2f32] [3f32, -4f32] } output { 7f32 1f32 }
-- structure { redomap 3 map 1 reduce 0 }
entry checks (xs: []i32) =
  (all (\x -> x > 0) (map (\x -> x * 2) xs), any (\x -> x > 10) (map (\x -> x + 1) xs))

entry piped (xs: []i64) = xs |> map (\x -> x * x) |> map (\y -> y + 1) |> reduce (+) 0

entry tab (n: i64) = map (\x -> x * x + 1) (tabulate n (\i -> i - 1))

entry records [n] (xs: [n]f32) (ys: [n]f32) =
  let ps = map2 (\x y -> {x = x * 2, y = y + 1}) xs ys
  let s = reduce (\a b -> {x = a.x + b.x, y = a.y + b.y}) {x = 0, y = 0} ps
  in (s.x + 1, s.y)
