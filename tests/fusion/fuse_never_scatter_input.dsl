-- Never fuse a map into a scatter that writes to the map's input: the fused lambda
-- would read elements the scatter has already overwritten (here, rotating indices
-- make each element's source written by the element before), so the map stays and
-- the scatter reads its result. The same for reduce_by_index into the map's input.
-- A map whose result is the scatter's destination (not an input) stays as well.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64] } output { [40i64, 10i64, 20i64, 30i64] }
-- entry: hist_into
-- input { [1i64, 2i64, 3i64] } output { [5i64, 4i64, 6i64] }
-- entry: into_result
-- input { [3i64, 1i64, 5i64] } output { [8i64, 6i64, 10i64] }
-- structure { map 3 scatter 2 hist 1 }
entry main [n] (xs: *[n]i64) =
  let vs = map (\x -> x * 10) xs
  in scatter xs (map (\i -> (i + 1) % n) (iota n)) vs

entry hist_into [n] (xs: *[n]i64) =
  let vs = map (\x -> x + 1) xs
  in reduce_by_index xs (+) 0 (map (\i -> (i + 1) % n) (iota n)) vs

entry into_result [n] (xs: [n]i64) =
  let ys = map (\x -> x * 2) xs
  in scatter ys (map (\x -> x % n) xs) (map (\x -> x + 5) xs)
