-- The functions composed by >-> must fit: the first's result is the second's argument.
-- ==
-- error: 5:43: error: the right operand of .>->. has type f32 -> f32, but i64 -> c is expected

entry main (xs: []i32) = map (i64.i32 >-> f32.sqrt) xs
