-- Bounds checks that ranges prove unnecessary go (the read is marked #[unsafe] in the
-- IR): xs[i] for the index i of `for i < n` and the rows i of iota n, when xs has type
-- [n]t; a constant index below a constant size. Reads that ranges cannot prove stay
-- checked and fail: xs[i + 1] on the last i.
-- After simplification, in `main`, xs[i] and zs[2] are #[unsafe]; in `past_end`,
-- xs[i + 1] is not.
-- Structure after simplification (dump --after simplify --structure): iota 1, loop 2, map 1
-- ==
-- structure { loop 2 map 1 }
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] } output { 6i32 [2i32, 4i32, 6i32] 6i32 }
-- entry: past_end
-- input { [1i32, 2i32, 3i32] } error: out of bounds
entry main [n] (xs: [n]i32) (zs: [3]i32) =
  (loop s = 0 for i < n do s + xs[i], map (\i -> xs[i] * 2) (iota n), zs[2])

entry past_end [n] (xs: [n]i32) = loop s = 0 for i < n do s + xs[i + 1]
