-- Indices and slices: a[i], a[i, j], a[i:j:s] with any part left out, a[:, 0].
-- ==
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32], [6i32, 7i32, 8i32, 9i32, 10i32]] }
-- output { [2i32, 4i32] [1i32, 6i32] [2i32, 3i32, 4i32, 5i32] [1i32, 2i32]
--          [1i32, 2i32, 3i32, 4i32, 5i32] [1i32, 3i32, 5i32] [2i32, 4i32] [1i32, 4i32]
--          [5i32, 4i32] 8i32 }

entry main (m: [][]i32) =
  let r = m[0]
  let n = length r
  in ( r[1:n:2], m[:, 0], r[1:], r[:2], r[:], r[::2], r[1::2], r[:n:3]
     , r[n - 1:2:-1], m[1, 2] )
