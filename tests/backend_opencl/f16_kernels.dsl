-- Arrays of f16 through OpenCL kernels: a map over 100003 elements (the vector path of
-- 4 elements and the rest one by one), a map-reduce of their bits, reductions of rows,
-- and a maximum. f16 is 16 bits in device memory, computed in f32 and rounded (Note
-- [f16] in rts/c/scalar.h); the values are exact, so any order of the sums agrees.
-- ==
-- input { 100003i64 } output { 1750907520u64 [147.5f16, 149.5f16, 151.5f16] 10f16 }

entry main (n: i64) : (u64, [3]f16, f16) =
  let xs = map (\i -> f16.i64 (i % 7) * 0.5) (iota n)
  let ys = map (\x -> x * 3 + 1) xs
  let bits = u64.sum (map (\y -> u64.u16 (f16.to_bits y)) ys)
  let rows = unflatten (xs[:300] :> [3 * 100]f16)
  in (bits, map f16.sum rows, f16.maximum ys)
