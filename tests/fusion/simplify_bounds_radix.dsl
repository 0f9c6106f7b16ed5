-- Bounds checks of a radix-r pass's reads go: with m = n / r (or n >> k) and j < m the
-- SOAC's index, xs[j + q * m] for q < r is in bounds (j + q m < (q + 1) m <= n), and so
-- is xs[j]; tw[k + q * ns] with k = j % ns < ns is in bounds when tw has q' * ns
-- elements, q < q'. A read one step too far (q = r) stays checked and fails.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] }
-- output { [16i32, 20i32] }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [16i32, 20i32] }
-- entry: shifted
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] } output { [6i32, 8i32, 10i32, 12i32] }
-- entry: twiddles
-- input { [10i32, 20i32] } output { [16i32, 29i32, 16i32, 29i32] }
-- entry: too_far
-- input { [1i32, 2i32, 3i32, 4i32] } error: out of bounds
-- structure { checked_index 1 }
entry main [n] (xs: [n]i32) : []i32 =
  let m = n / 4
  in map (\j -> xs[j] + xs[j + m] + xs[j + 2 * m] + xs[j + m * 3]) (iota m)

entry shifted [n] (xs: [n]i32) : []i32 =
  let m = n >> 1
  in map (\j -> xs[j] + xs[j + m]) (iota m)

entry twiddles [ns] (ys: [ns]i32) : []i32 =
  let tw = map i32.i64 (iota (ns * 3))
  in map (\j -> let k = j % ns in ys[k] + tw[k] + tw[k + ns] + tw[k + 2 * ns]) (iota (2 * ns))

entry too_far [n] (xs: [n]i32) : []i32 =
  let m = n / 4
  in map (\j -> xs[j + 4 * m]) (iota m)
