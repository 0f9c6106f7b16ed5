-- Integer division by zero (/ % // %% on signed and unsigned types, also inside a
-- map) fails with status 1 and "division by zero" at the operator's expression; float
-- division by zero is not an error (it gives infinities and NaN).
-- ==
-- entry: div
-- input { 7i32 2i32 } output { 3i32 1i32 3i32 1i32 }
-- input { 7i32 0i32 }
-- error: error_division_by_zero\.dsl:24:32: error: division by zero
-- entry: rem
-- input { 7i32 0i32 }
-- error: error_division_by_zero\.dsl:25:37: error: division by zero
-- entry: quot
-- input { 7i32 0i32 }
-- error: error_division_by_zero\.dsl:26:38: error: division by zero
-- entry: unsigned
-- input { 200u8 0u8 }
-- error: error_division_by_zero\.dsl:27:39: error: division by zero
-- entry: in_map
-- input { [4i64, 2i64] } output { [3i64, 6i64] }
-- input { [4i64, 0i64, 2i64] }
-- error: error_division_by_zero\.dsl:28:47: error: division by zero
-- entry: floats
-- input { 1f64 0f64 } output { f64.inf f64.nan }
entry div (x: i32) (y: i32) = (x / y, x % y, x // y, x %% y)
entry rem (x: i32) (y: i32) : i32 = x % y
entry quot (x: i32) (y: i32) : i32 = x %% y
entry unsigned (x: u8) (y: u8) : u8 = x // y
entry in_map (xs: []i64) : []i64 = map (\x -> 12 / x) xs
entry floats (x: f64) (y: f64) = (x / y, x % y)
