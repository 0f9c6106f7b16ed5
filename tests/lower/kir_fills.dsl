-- The kernel IR of group code that starts with fills (tests/lower/kernel_ir.sh prints
-- it; Note [fills without barriers] in src/lower/kernels.c). Each row rotates k times
-- in a double-buffered loop, group code. In `apart`, the loop's buffers start as a
-- copy of the row and a replicate, which read none of each other's arrays: one
-- barrier after both. In `after`, the second buffer starts as a copy of an array that
-- a fill before made (a replicate of the row's first element), so a barrier parts that
-- copy from the run before it, and the copy of the row joins the run of that copy.
-- ==
-- entry: apart
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 1i64 }
-- output { [[4f32, 2f32, 3f32], [7f32, 5f32, 6f32]] }
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 0i64 }
-- output { [[2f32, 3f32, 4f32], [5f32, 6f32, 7f32]] }
-- entry: after
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 1i64 }
-- output { [[4f32, 2f32, 3f32], [10f32, 8f32, 9f32]] }
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 0i64 }
-- output { [[2f32, 3f32, 4f32], [8f32, 9f32, 10f32]] }

def rotate [n] (k: i64) (src: [n]f32) (dst: *[n]f32) : [n]f32 =
  let (a, _) = loop (src, dst) = (copy src, dst) for _i < k do
                 (scatter dst (map (\j -> (j + 1) % n) (iota n)) src, src)
  in a

entry apart [b][n] (xs: [b][n]f32) (k: i64) : [b][n]f32 =
  map (\row -> map (+ 1f32) (rotate k row (replicate n 0f32))) xs

entry after [b][n] (xs: [b][n]f32) (k: i64) : [b][n]f32 =
  map (\row -> let o = replicate n row[0]
               in map2 (+) o (rotate k row (copy o))) xs
