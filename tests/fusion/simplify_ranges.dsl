-- Comparisons, min and max that ranges decide fold: a loop index i of `for i < n` is
-- in 0..n-1 (so i < n, i >= 0 and i != -1 hold), a row of iota 20 is in 0..19, x % 8
-- is in 0..7 (so min(x % 8, 7) is x % 8 and x % 8 < 8), and i32.u8 u is in 0..255.
-- After simplification no comparison is left in `main`, no if, and x % 8 is x & 7.
-- Structure after simplification (dump --after simplify --structure): iota 1, loop 1, map 1
-- ==
-- structure { loop 1 map 1 }
-- input { 4i64 -13i32 200u8 }
-- output { 6i64 [3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32,
--          3i32, 3i32, 3i32, 3i32, 3i32, 3i32, 3i32] 3i32 1i32 }
entry main (n: i64) (x: i32) (u: u8) =
  let s = loop acc = 0 for i < n do
            if i < n && i >= 0 && i != -1 then acc + i else acc - 1000
  let r = x % 8
  let ys = map (\j -> if j < 20 && j >= 0 then i32.min r 7 else r + 1) (iota 20)
  in (s, ys, i32.max (i32.min r 8) 0, if i32.u8 u < 256 && r < 8 then 1 else 0)
