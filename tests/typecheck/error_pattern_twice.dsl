-- A pattern that binds the same name twice; a note points at the first.
-- ==
-- error: error_pattern_twice\.dsl:7:11: error: 'a' is bound twice in the same pattern
-- error: error_pattern_twice\.dsl:7:8: note: first bound here

entry main (x: i32) : i32 =
  let (a, a) = (x, x)
  in a
