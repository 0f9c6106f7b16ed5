-- An array literal whose elements are functions.
-- ==
-- error: error_array_of_functions\.dsl:6:13: error: arrays of functions are not supported

entry main (x: i32) : i32 =
  let fs = [\y -> y + 1, \y -> y * 2]
  in fs[0] x
