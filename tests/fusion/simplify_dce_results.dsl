-- Unused results: a map result that nothing reads leaves the map's lambda (and what
-- computed it dies); a map input whose rows the lambda ignores goes; an if's unused
-- results leave both branches; a loop parameter that only feeds itself and whose
-- result is unused goes, with what computed it; a parameter that a live one reads stays.
-- After simplification: the map has one input (xs) and one result, the if one result
-- (its branches keep their reads, which may fail), and the loop the parameters acc, i
-- and its condition (not junk or junk2); - 5 + 2 is - 3.
-- Structure after simplification (dump --after simplify --structure): if 1, loop 1, map 1
-- ==
-- structure { if 1 loop 1 map 1 }
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] true }
-- output { [2i32, 4i32, 6i32] 7i32 12i32 }
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] false }
-- output { [2i32, 4i32, 6i32] 8i32 12i32 }
entry main [n] (xs: [n]i32) (ys: [n]i32) (c: bool) =
  let (doubled, _, _) = unzip3 (map2 (\x y -> (x * 2, x * y * 7, y)) xs ys)
  let (r, _) = if c then (7, xs[0] + 100) else (8, xs[1] * 3)
  let (acc, _, _, _) =
    loop (acc, i, junk, junk2) = (0, 0, 1i32, 0f32) while i < n do
      (acc + xs[i] + ys[i] - 5 + 2, i + 1, junk * 3 + i32.i64 i, junk2 + f32.i32 junk)
  in (doubled, r, acc)
