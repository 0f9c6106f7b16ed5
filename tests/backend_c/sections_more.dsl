-- More sections: nested projections (.0.1), index sections with two indices (.[0, 1])
-- and a slice (.[1:]), backtick operators (`i32.max`) with and without an operand.
-- ==
-- input { [1i32, 9i32] }
-- output { [2i32] [2i32] [[2i32, 3i32]] 4i32 [1i32, 5i32] [3i32, 9i32] }
entry main (xs: []i32) =
  (map (.0.1) [((1i32, 2i32), 3i32)], map (.[0, 1]) [[[1i32, 2], [3, 4]]],
   map (.[1:]) [[1i32, 2, 3]], (`i32.max`) 3 4, map (5 `i32.min`) xs,
   map (`i32.max` 3) xs)
