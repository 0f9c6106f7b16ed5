-- A name of literal type used only as an index defaults to i32 (and is converted to
-- i64 for the index), so `j` below may also be added to an i32.
-- ==
-- input { [10, 20, 30] } output { 32 }

entry main (xs: []i32) : i32 =
  let j = 2
  in xs[j] + j
