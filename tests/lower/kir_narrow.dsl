-- Narrow index variables (Note [narrow indices] in src/lower/ranges.c): what the
-- kernel IR says of them. `gather`: an index, its arithmetic and a modulo by the
-- size (the simplifier's x - (x / n) * n), all narrow, checked at launch against 32
-- bits with n assumed >= 0; `values`: arithmetic on array elements, whose ranges are
-- unknown, stays i64 (no check); `halving`: a while loop whose parameter s stays
-- below n (the loop goes on while s * 2 < n), and indices divided by it; `clipped`:
-- a value at least 0 but of no known upper bound, which a branch on y < 100 bounds
-- in its arm, so that what the branch gives is narrow with constant bounds.
-- ==
-- entry: gather
-- input { [1f32, 2f32, 3f32] }
-- output { [2f32, 1f32, 3f32] }
-- entry: values
-- input { [1i64, -2i64, 3i64] }
-- output { [3i64, -3i64, 7i64] }
-- entry: halving
-- input { [[1i64, 2i64, 3i64, 4i64]] }
-- output { [[1i64, 3i64, 5i64, 7i64]] }
-- entry: clipped
-- input { [5i64, 200i64, -7i64] }
-- output { [15i64, 99i64, 0i64] }

entry gather [n] (xs: [n]f32) : [n]f32 =
  map (\i -> xs[(i * 2 + 1) % n]) (iota n)

entry values [n] (ys: [n]i64) : [n]i64 =
  map (\y -> y * 2 + 1) ys

entry halving [b][n] (rows: [b][n]i64) : [b][n]i64 =
  map (\row ->
         let (r, _) =
           loop (acc, s) = (copy row, 1) while s * 2 < n do
             (map (\i -> acc[i] + i / s) (iota n), s * 2)
         in r)
      rows

entry clipped [n] (xs: [n]i64) : [n]i64 =
  map (\x -> let y = i64.max x 0 in if y < 100 then y * 3 else 99) xs
