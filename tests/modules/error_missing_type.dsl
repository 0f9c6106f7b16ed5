-- A module that lacks a type its module type requires; the note points at the spec.
-- ==
-- error: error_missing_type\.dsl:11:16: error: .*does not define type 't'
-- error: error_missing_type\.dsl:7:3: note: 't' is required here

module type S = {
  type t
  val zero: i32
}

module M : S = {
  def zero = 0i32
}

entry main (x: i32) : i32 = x
