-- A `type t` spec is not matched by a `type^` function type: the spec must say `type^ t`.
-- ==
-- error: error_function_type_unlifted\.dsl:10:16: error: type 't' is the function type i32 -> i32, but its module type does not allow functions
-- error: error_function_type_unlifted\.dsl:7:3: note: the module type's 't' is here

module type S = {
  type t
  val apply: t -> i32 -> i32
}
module M : S = {
  type^ t = i32 -> i32
  def apply (f: t) (x: i32) = f x
}

entry main (x: i32) : i32 = x
