-- A slice before the last index list of an update path: the later indices are of the
-- slice (`[1:3][0]` is row 1, `[::2][1]` is row 2), as in Futhark.
-- ==
-- entry: main
-- input { [[0i32, 0i32], [0i32, 0i32], [0i32, 0i32], [0i32, 0i32]] }
-- output { [[0i32, 0i32], [1i32, 2i32], [0i32, 0i32], [0i32, 0i32]]
--          [[0i32, 0i32], [0i32, 0i32], [0i32, 7i32], [0i32, 0i32]]
--          [0i32, 0i32, 5i32, 0i32] [0i32, 3i32, 0i32] }
-- entry: oob
-- input { [1i32, 2i32, 3i32, 4i32] 1i64 } output { [1i32, 2i32, 9i32, 4i32] }
-- input { [1i32, 2i32, 3i32, 4i32] 2i64 } error: out of bounds

entry main (xss: [][2]i32) =
  let a = copy xss with [1:3][0] = [1, 2]
  let b = copy xss with [::2][1][1] = 7
  let rs = map (\r -> {v = r[0], w = r[1]}) (copy xss)
  -- a slice, then an index into it, then a field
  let rs = rs with [1:][1].v = 5
  let t = {z = replicate 3 0i32}
  let t = t with z[1:][0] = 3
  in (a, b, map (.v) rs, t.z)

-- The index after a slice is checked against the slice, not the array.
entry oob (xs: *[]i32) (i: i64) = xs with [1:3][i] = 9
