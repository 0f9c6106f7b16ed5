-- Functor application is generative: two applications give distinct abstract types.
-- ==
-- error: error_functor_generative\.dsl:21:36: error: .*expected (B\.)?t, found (A\.)?t

module type S = {
  type t
  val make: i32 -> t
  val get: t -> i32
}

module F (X: { val k: i32 }) : S = {
  type t = i32
  def make (x: i32) = x + X.k
  def get (x: i32) = x
}

module K = { def k = 1i32 }
module A = F K
module B = F K

entry main (x: i32) : i32 = B.get (A.make x)
