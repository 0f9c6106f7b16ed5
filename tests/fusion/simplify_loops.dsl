-- Loops: a for loop whose bound is 0 (or negative) and a while loop whose condition
-- starts false run no pass: their results are the initial values, and even a failing
-- body is gone. A loop parameter that the body passes on unchanged is its initial value
-- throughout, and leaves the loop. After simplification `none` has no loop and `passes`
-- one loop with one parameter (s), the other (k) replaced by 10.
-- Structure after simplification (dump --after simplify --structure): loop 1
-- ==
-- structure { loop 1 map 0 }
-- entry: none
-- input { 5i32 } output { 5i32 5i32 5i32 }
-- entry: passes
-- input { 4i64 } output { 40i32 10i32 }
entry none (x: i32) =
  (loop acc = x for i < 0 do acc / 0,
   loop acc = x for i < -3i32 do acc + i,
   (loop (acc, go) = (x, 1 > 2) while go do (acc * 2, acc < 100)).0)

entry passes (n: i64) =
  loop (s, k) = (0, 10) for _i < n do (s + k, k)
