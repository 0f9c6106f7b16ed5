-- A member of the wrong type: both types, with notes at the spec and at the member.
-- ==
-- error: error_wrong_value_type\.dsl:11:16: error: 'inc' has type .*i64.* -> i64 in the module, but its module type requires (t|i32) -> (t|i32)
-- error: error_wrong_value_type\.dsl:9:3: note: the module type's 'inc' is here
-- error: error_wrong_value_type\.dsl:13:7: note: the module's 'inc' is here

module type S = {
  type t
  val inc: t -> t
}
module M : S = {
  type t = i32
  def inc (x: i64) = x + 1
}

entry main (x: i32) : i32 = x
