-- reduce_by_index combines values into an existing array at their indices; indices
-- out of range are ignored and untouched bins keep their value.
-- ==
-- input { [10i64, 20i64, 30i64] [2i64, 0i64, 2i64, 3i64, -5i64, 2i64] [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] }
-- output { [12i64, 20i64, 40i64] [2i64, 20i64, 1i64] }
entry main [k] [n] (dest: [k]i64) (is: [n]i64) (vs: [n]i64) : ([k]i64, [k]i64) =
  (reduce_by_index (copy dest) (+) 0 is vs,
   reduce_by_index (copy dest) i64.min i64.highest is vs)
