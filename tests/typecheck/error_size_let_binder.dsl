-- let [n] names a size that the bound value does not have.
-- ==
-- error: size 'n' is not the size of anything in the pattern

entry main (x: i32) : i32 =
  let [n] y = x + 1
  in y
