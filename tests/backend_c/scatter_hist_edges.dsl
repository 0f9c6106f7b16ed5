-- scatter, scatter_2d, hist and reduce_by_index at the edges: an empty destination
-- (every index ignored) and the extreme i64 indices (ignored, no overflow in the
-- range check).
-- ==
-- input { [0i64, -1i64] [5i32, 6i32] }
-- output { empty([0]i32) empty([0]i32) empty([0][2]i32) [0i32, 3i32, 0i32] [0i32, 0i32]
--          [[0i32, 0i32], [0i32, 0i32]] }
entry main [n] (is: [n]i64) (vs: [n]i32) =
  (reduce_by_index ([]: [0]i32) (+) 0 is vs, scatter ([]: [0]i32) is vs,
   scatter_2d ([]: [0][2]i32) (zip is is) vs,
   hist (+) 0i32 3 [i64.highest, i64.lowest, 1] [1, 2, 3],
   scatter [0i32, 0] [i64.lowest, i64.highest] [1, 2],
   scatter_2d [[0i32, 0], [0, 0]] [(i64.lowest, 0), (0, i64.highest), (2, 1)] [1, 2, 3])
