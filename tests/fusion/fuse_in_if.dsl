-- Fusion inside the branches of an if: each branch's chain is fused on its own (a
-- redomap in one branch; a scanomap in the other, whose sum stays a reduce), and
-- nothing moves across the branch boundary: the map before the if, used in both
-- branches, stays.
-- ==
-- input { true [1i32, 2i32, 3i32] } output { 29i32 }
-- input { false [1i32, 2i32, 3i32] } output { 32i32 }
-- input { false empty([0]i32) } output { 0i32 }
-- structure { if 1 map 1 redomap 1 scanomap 1 reduce 1 scan 0 }
entry main (c: bool) (xs: []i32) =
  let ys = map (\x -> x + 1) xs
  in if c then reduce (+) 0 (map (\y -> y * y) ys)
     else reduce (+) 0 (scan (+) 0 (map (\y -> y * 2) ys))
