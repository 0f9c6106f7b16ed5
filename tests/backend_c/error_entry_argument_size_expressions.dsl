-- Arguments whose types have sizes that are expressions of other parameters
-- ([n+1]i32, [n-1]i32, [m][n*2]f32) are checked before the body runs (Note [entry
-- sizes] in src/ir/internalise.c): a wrong shape is a located error naming the
-- entry point and the argument, not an index error inside the body.
-- ==
-- input { 2i64 [1i32, 2i32, 3i32] } output { 3i32 }
-- input { 2i64 [1i32, 2i32] }
-- error: error_entry_argument_size_expressions\.dsl:23:22: error: main: argument 2 \("xs"\) has a shape that does not match its type \[n\+1\]i32
-- input { 0i64 empty([0]i32) }
-- error: main: argument 2 \("xs"\)
-- entry: shorter
-- input { [1i32, 2i32, 3i32] [4i32, 5i32] } output { 8i32 }
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- error: shorter: argument 2 \("ys"\) has a shape that does not match its type \[n-1\]i32
-- entry: grid
-- input { 2i64 [[1f32, 2f32, 3f32, 4f32], [5f32, 6f32, 7f32, 8f32]] } output { 8f32 }
-- input { 2i64 [[1f32, 2f32, 3f32], [5f32, 6f32, 7f32]] }
-- error: grid: argument 2 \("m"\) has a shape that does not match its type \[2\]\[n\*2\]f32
-- entry: in_map
-- input { 1i64 [[1i32, 2i32], [3i32, 4i32]] } output { [2i32, 4i32] }
-- input { 1i64 [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- error: in_map: argument 2 \("rows"\) has a shape that does not match its type
entry main (n: i64) (xs: [n+1]i32) : i32 = xs[n]
entry shorter [n] (xs: [n]i32) (ys: [n-1]i32) : i32 = xs[n - 1] + ys[n - 2]
entry grid (n: i64) (m: [2][n*2]f32) : f32 = m[1, n * 2 - 1]
entry in_map (n: i64) (rows: [][n+1]i32) : []i32 = map (\r -> r[n]) rows
