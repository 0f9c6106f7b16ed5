-- `for x in xs` loops over the elements of an array in order: over 1-D arrays, over
-- the rows of a 2-D array, and over an empty array (no iterations).
-- ==
-- input { [3i32, 1i32, 2i32] [[1f32, 2f32], [3f32, 4f32]] }
-- output { 312i32 [4f32, 6f32] 14i32 }
-- input { empty([0]i32) empty([0][2]f32) }
-- output { 0i32 [0f32, 0f32] 0i32 }
entry main (xs: []i32) (m: [][2]f32) =
  (loop acc = 0 for x in xs do acc * 10 + x,
   loop acc = [0, 0] for row in m do map2 (+) acc row,
   loop acc = 0 for x in xs do acc + x * x)
