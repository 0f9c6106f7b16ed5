-- sized gives an array the size the caller states (checked at run time), so that two
-- arrays of unrelated sizes can be combined.
-- ==
-- input { [1i32, 2i32, 3i32] [10i32, 20i32, 30i32] }
-- output { [11i32, 22i32, 33i32] }
-- input { [1i32, 2i32] [10i32, 20i32, 30i32] }
-- error: prelude.dsl:[0-9]+:[0-9]+: error: .*size does not match
entry main [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map2 (+) xs (sized n ys)
