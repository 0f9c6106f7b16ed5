-- Indexing an array literal, iota or replicate at a constant index in bounds gives the
-- element (for a literal of rows, the row, which is indexed further), and the literal
-- then dies when nothing else reads it. Out of bounds, the read stays and fails at run
-- time. After simplification `main` has no array literal, no iota and no replicate, and
-- returns x + 30, 2, x and 4 straight.
-- Structure after simplification (dump --after simplify --structure): array 1
-- ==
-- structure { loop 0 map 0 }
-- input { 5i32 } output { 35i32 2i64 5i32 4i32 }
-- entry: outside
-- input { 5i32 } error: out of bounds
entry main (x: i32) =
  let m = [[x, 2 * x], [3 * x, 4]]
  let a = [10, 20, 30i32]
  in (x + a[2], (iota 5)[2], (replicate 3 (replicate 2 x))[2, 1], m[1, 1])

entry outside (x: i32) = [x, x + 1][2]
