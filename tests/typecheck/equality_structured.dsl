-- == and != on tuples, records and booleans, as in Futhark (any type without functions).
-- ==
-- input { 1i32 2i32 } output { false true true }

entry main (a: i32) (b: i32) : (bool, bool, bool) =
  ((a, b) == (b, a), {x = a, y = true} == {y = true, x = a}, (a < b) != (b < a))
