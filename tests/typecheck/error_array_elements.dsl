-- The elements of an array literal must all have the same type.
-- ==
-- error: error_array_elements\.dsl:5:35: error: array elements must all have the same type: expected i32, found bool

entry main (x: i32) : []i32 = [x, true, x]
