-- A `for x in xs` loop over the elements of an array.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 14i32 }

entry main (xs: []i32) : i32 =
  loop acc = 0 for x in xs do acc + x * x
