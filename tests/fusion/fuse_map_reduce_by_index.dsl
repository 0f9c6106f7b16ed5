-- Vertical fusion, maps into reduce_by_index: the bucket and value maps over the same
-- input are computed inside the hist's lambda, which combines into the given
-- destination array (its old values take part: 100 stays, and -1 where nothing
-- arrives); indices out of range (-1, -2) are ignored. The two maps read different
-- inputs of the same size: the hist reads both.
-- ==
-- input { [-1i32, -1i32, 100i32, -1i32] [3i32, 8i32, -5i32, 1i32, 4i32, 6i32] [2i64, 0i64, 0i64, 9i64, 2i64, -1i64] }
-- output { [1i32, 7i32, 100i32, -1i32] }
-- input { [0i32] empty([0]i32) empty([0]i64) } output { [0i32] }
-- structure { hist 1 map 0 }
entry main [k][n] (dest: *[k]i32) (xs: [n]i32) (bs: [n]i64) =
  reduce_by_index dest i32.max i32.lowest (map (\b -> b % 4 - 1) bs) (map (\x -> x * 2 - 1) xs)
