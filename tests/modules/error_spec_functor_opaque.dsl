-- Through the module type, the abstract type of the functor's result stays abstract:
-- B.t is not i32, though the functor defines it so.
-- ==
-- error: error_spec_functor_opaque\.dsl:20:29: error: the left operand of '\+' has type B\.t, but <numeric> is expected

module type has_k = { val k: i32 }

module type S = { module Box: (P: has_k) -> { type t  val mk: i32 -> t  val get: t -> i32 } }

module M : S = {
  module Box (P: has_k) = {
    type t = i32
    def mk (x: i32) : t = x + P.k
    def get (x: t) : i32 = x
  }
}

module B = M.Box { def k = 1i32 }

entry main (x: i32) : i32 = B.mk x + 1
