-- A module type that specifies a value twice; the note points at the first.
-- ==
-- error: error_spec_twice\.dsl:8:3: error: 'x' is specified twice in this module type
-- error: error_spec_twice\.dsl:7:3: note: first specified here

module type S = {
  val x: i32
  val x: i64
}

entry main (x: i32) : i32 = x
