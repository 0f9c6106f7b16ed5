-- Index arithmetic with ranges: with 0 <= k < r and i * r + k not overflowing (from the
-- ranges of loop indices, rows of iota, shapes and constants), (i * r + k) / r is i and
-- (i * r + k) % r is k; x / r is 0 and x % r is x when 0 <= x < r; // and %% become / and
-- % when x >= 0 (and by a power of two they are shifts and masks). After simplification
-- the lambda of `digits` (whose i is in 0..39) computes i >> 2 and i & 3 and no other
-- division or modulo; in `overflow`, where j * 4 may wrap around, (j * 4 + 3) / 4 / 4
-- stays (as one shift, (j * 4 + 3) >> 4); `split` is all constants.
-- Structure after simplification (dump --after simplify --structure): array 8, iota 1, map 1
-- ==
-- structure { loop 0 map 1 }
-- entry: digits
-- input { 10i64 }
-- output { [0i64, 0i64, 0i64, 0i64, 1i64, 1i64, 1i64, 1i64, 2i64, 2i64]
--          [0i64, 1i64, 2i64, 3i64, 0i64, 1i64, 2i64, 3i64, 0i64, 1i64]
--          [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64] }
-- entry: overflow
-- input { 4611686018427387904i64 } output { 0i64 }
-- input { -5i64 } output { -2i64 }
-- entry: split
-- input { 3i32 } output { [[0i32, 1i32, 2i32], [3i32, 4i32, 5i32], [6i32, 7i32, 8i32]]
--                         [[0i32, 1i32, 2i32], [0i32, 1i32, 2i32], [0i32, 1i32, 2i32]] 0i32 }
entry digits (n: i64) =
  unzip3 (tabulate (i64.min n 40) (\i -> let hi = i / 4
                                         let lo = i % 4
                                         let j = hi * 4 + lo
                                         in ((j * 4 + 3) / 4 / 4, (lo + hi * 4) % 4,
                                             (hi * 4 + lo) // 4 * 4 + lo %% 4)))

entry overflow (j: i64) = (j * 4 + 3) / 4 / 4

entry split (r: i32) =
  let a = tabulate 3 (\i -> tabulate 3 (\k -> let j = i32.i64 i * 3 + i32.i64 k
                                             in j / 3 * 3 + j % 3))
  let b = tabulate 3 (\i -> tabulate 3 (\k -> i32.i64 ((i * 3 + k) % 3)))
  in (a, b, r * 0 / 3 % 3)
