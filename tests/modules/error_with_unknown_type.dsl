-- `with` names a type the module type does not have.
-- ==
-- error: error_with_unknown_type\.dsl:10:17: error: the module type has no type 'u'

module type S = {
  type t
  val x: t
}

module type T = S with u = i32

entry main (x: i32) : i32 = x
