-- The index of `for i < 10` has the type of an integer literal until a use fixes it:
-- used as an index and stored into an []i32 it is an i32, as in Futhark.
-- ==
-- input { [1, 2, 4, 5, 1, 2, 3, 4, 1, 2, 4, 1] }
-- output { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 1] }

entry main (xs: *[]i32) : []i32 =
  #[unroll]
  loop xs for i < 10 do
    let xs[i] = i in xs
