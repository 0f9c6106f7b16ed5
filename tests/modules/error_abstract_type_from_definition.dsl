-- A value of the definition of an abstract type is not a value of the abstract type.
-- ==
-- error: error_abstract_type_from_definition\.dsl:12:35: error: .*expected (M\.)?t, found i32

module type S = {
  type t
  val get: t -> i32
}

module M : S = { type t = i32  def get (x: i32) = x }

entry main (x: i32) : i32 = M.get x
