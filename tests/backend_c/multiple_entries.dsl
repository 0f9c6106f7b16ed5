-- Several entry points in one file, sharing a helper and each with its own
-- parameter and result types; `-- entry: a b` runs the same input on both.
-- ==
-- entry: sum_squares sum_squares_loop
-- input { [1i32, 2i32, 3i32] } output { 14i32 }
-- input { empty([0]i32) } output { 0i32 }
-- entry: scale
-- input { 2f64 [1f64, 1.5f64] } output { [2f64, 3f64] }
-- entry: stats
-- input { [3i64, 9i64, 1i64] } output { 1i64 9i64 3i64 }
-- entry: main
-- input { 5i32 } output { 25i32 }
def sq (x: i32) : i32 = x * x

entry sum_squares (xs: []i32) : i32 = reduce (+) 0 (map sq xs)
entry sum_squares_loop (xs: []i32) : i32 = loop acc = 0 for x in xs do acc + sq x
entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs
entry stats (xs: []i64) : (i64, i64, i64) = (i64.minimum xs, i64.maximum xs, length xs)
entry main (x: i32) : i32 = sq x
