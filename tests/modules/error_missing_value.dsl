-- A module that lacks a value its module type requires; the note points at the spec.
-- ==
-- error: error_missing_value\.dsl:12:16: error: .*does not define value 'one'
-- error: error_missing_value\.dsl:9:3: note: 'one' is required here

module type S = {
  type t
  val zero: t
  val one: t
}

module M : S = {
  type t = i32
  def zero = 0i32
}

entry main (x: i32) : i32 = x
