-- Never fuse SOACs of different widths: a reduce over a slice of a map's result, a
-- map over the concatenation of a map's result with itself, and two maps over arrays
-- of different sizes (horizontally) stay separate SOACs.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 15i32 }
-- input { [7i32] } output { 0i32 }
-- entry: doubled
-- input { [1i32, -2i32] } output { [8i32, -10i32, 8i32, -10i32] }
-- entry: sizes
-- input { [1i32, 2i32] [5i32] } output { [2i32, 3i32] [10i32] }
-- structure { map 5 reduce 1 redomap 0 }
entry main (xs: []i32) =
  let ys = map (\x -> x * 3) xs
  in reduce (+) 0 ys[1:]

entry doubled (xs: []i32) =
  let ys = map (\x -> x * 3 + 1) xs
  in map (\y -> y * 2) (ys ++ ys)

entry sizes (xs: []i32) (ys: []i32) = (map (+ 1) xs, map (* 2) ys)
