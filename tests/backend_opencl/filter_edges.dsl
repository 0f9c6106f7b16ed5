-- Filters and partitions, which the OpenCL backend runs as a scan and a scatter (Note
-- [filter as scan and scatter] in src/lower/expand.c), at their edges: no elements,
-- none kept, all kept, a partition with an empty class, values of several types kept
-- together, and 100000 elements (many work-groups), whose kept elements must come out
-- in their order (the weighted sums check it).
-- ==
-- entry: above
-- input { empty([0]i32) 0i32 } output { empty([0]i32) 0i64 }
-- input { [3i32, 1i32, 2i32] 5i32 } output { empty([0]i32) 0i64 }
-- input { [3i32, 1i32, 2i32] 0i32 } output { [3i32, 1i32, 2i32] 3i64 }
-- input { [3i32, 1i32, 2i32] 1i32 } output { [3i32, 2i32] 2i64 }
-- entry: split
-- input { empty([0]f32) } output { empty([0]f32) empty([0]f32) }
-- input { [1f32, 2f32] } output { [1f32, 2f32] empty([0]f32) }
-- input { [-1f32, -2f32] } output { empty([0]f32) [-1f32, -2f32] }
-- input { [-1f32, 2f32, 0f32, 3f32] } output { [2f32, 3f32] [-1f32, 0f32] }
-- entry: pairs
-- input { empty([0]i64) empty([0]bool) } output { empty([0]i64) empty([0]bool) }
-- input { [4i64, 5i64, 6i64] [true, false, true] }
-- output { [4i64, 6i64] [true, true] }
-- entry: large
-- input { 0i64 } output { 0i64 0i64 0i64 0i64 0i64 0i64 }
-- input { 100000i64 }
-- output { 33334i64 1666699170i64 27778349924400i64 100000i64 0i64 0i64 }
-- structure kernels { group 0 host 0 filter 0 }

entry above (xs: []i32) (t: i32) : ([]i32, i64) =
  let ys = filter (> t) xs
  in (ys, length ys)

entry split (xs: []f32) : ([]f32, []f32) = partition (> 0f32) xs

entry pairs [n] (xs: [n]i64) (bs: [n]bool) : ([]i64, []bool) =
  unzip (filter (\(_, b) -> b) (zip xs bs))

-- The multiples of 3 among scattered values, their sum and their sum weighted by
-- position; a partition where every element falls in the first class; a filter that
-- keeps nothing.
entry large (n: i64) : (i64, i64, i64, i64, i64, i64) =
  let ys = filter (\x -> x % 3 == 0) (map (\i -> i * 7919 % 100003) (iota n))
  let weighted = reduce (+) 0 (map (\i -> i * ys[i]) (iota (length ys)))
  let (small, big) = partition (< n) (iota n)
  let none = filter (< 0) (iota n)
  in (length ys, reduce (+) 0 ys, weighted, length small, length big, length none)
