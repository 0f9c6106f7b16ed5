-- map over 1-D and 2-D arrays, with a function that changes the element type.
-- ==
-- input { [1i32, -2i32, 3i32] [[1f32, 2f32], [3f32, 4f32]] }
-- output { [false, true, false] [2i64, 3i64, 4i64] [[0.5f32, 1f32], [1.5f32, 2f32]] }
-- input { empty([0]i32) empty([0][2]f32) }
-- output { empty([0]bool) [2i64, 3i64, 4i64] empty([0][2]f32) }
entry main (xs: []i32) (m: [][]f32) : ([]bool, []i64, [][]f32) =
  (map (\x -> x < 0) xs,
   map (+2) (iota 3),
   map (\row -> map (/2) row) m)
