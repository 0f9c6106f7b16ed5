-- Update paths through arrays of records that hold arrays, and index lists after
-- fields after index lists: [i].a[j] updates element j of field a of element i.
-- ==
-- input { 1i64 2i64 9i32 }
-- output { [[0i32, 0i32, 0i32], [0i32, 0i32, 9i32]] [1f32, 1f32] [[[0i32, 0i32], [0i32, 0i32]], [[0i32, 0i32], [0i32, 7i32]]] }

entry main (i: i64) (j: i64) (v: i32) =
  let xs = replicate 2 {a = replicate 3 0i32, w = 1f32}
  let xs = xs with [i].a[j] = v
  -- [i][j].f.g: two index lists in a row (one element of a 2-D array), then fields.
  let m = replicate 2 (replicate 2 {f = {g = replicate 2 0i32}})
  let m = m with [1][1].f.g[1] = 7
  in (map (.a) xs, map (.w) xs, map (map (\e -> e.f.g)) m)
