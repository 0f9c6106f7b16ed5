-- An abstract type used as its definition outside the module: M.t is not i32.
-- ==
-- error: error_abstract_type_as_definition\.dsl:13:24: error: .*expected i32, found (M\.)?t

module type S = {
  type t
  val zero: t
}

module M : S = { type t = i32  def zero = 0i32 }

def f (x: M.t) : i32 =
                       x

entry main (x: i32) : i32 = f M.zero + x
