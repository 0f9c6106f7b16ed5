-- `with` may only refine an abstract type.
-- ==
-- error: error_with_not_abstract\.dsl:10:17: error: type 't' of the module type is not abstract: it is already i32

module type S = {
  type t
  val x: t
}

module type T = S with t = i32 with t = i64

entry main (x: i32) : i32 = x
