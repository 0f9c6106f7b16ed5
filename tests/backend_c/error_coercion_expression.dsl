-- A coercion to a type whose size is an expression of known sizes is checked at run
-- time, as one to a size name is.
-- ==
-- input { 3i64 [1i32, 2i32] } output { [1i32, 2i32] }
-- input { 4i64 [1i32, 2i32] }
-- error: error_coercion_expression\.dsl:11:51: error: the value's size does not match the type \[n-1\]i32
-- entry: half
-- input { 5i64 [1i32, 2i32, 3i32] } output { [1i32, 2i32, 3i32] }
-- input { 6i64 [1i32, 2i32, 3i32] }
-- error: does not match the type \[n/2\+1\]i32
entry main [k] (n: i64) (xs: [k]i32) : [n-1]i32 = xs :> [n-1]i32
entry half [k] (n: i64) (xs: [k]i32) : [n/2+1]i32 = xs :> [n/2+1]i32
