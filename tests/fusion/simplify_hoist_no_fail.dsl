-- Hoisting never moves a statement that may fail: a loop-invariant division by d runs
-- only when the loop body runs, so a zero d is no error when the loop runs no pass, nor
-- when the map has no element; a division by a nonzero constant is hoisted.
-- Structure after simplification (dump --after simplify --structure): loop 1, map 1
-- ==
-- structure { loop 1 map 1 }
-- input { 0i64 0i32 empty([0]i32) } output { 0i32 empty([0]i32) }
-- input { 2i64 5i32 [1i32, 2i32] } output { 8i32 [3i32, 5i32] }
-- input { 1i64 0i32 [1i32] } error: division by zero
entry main (n: i64) (d: i32) (xs: []i32) =
  let s = loop acc = 0 for _i < n do acc + 20 / d
  let ys = map (\x -> x * (20 / d) / 2 + 1000 / 1000) xs
  in (s, ys)
