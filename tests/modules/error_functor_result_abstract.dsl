-- A functor's result module type hides the body's types: F(X).t is abstract outside.
-- ==
-- error: error_functor_result_abstract\.dsl:17:29: error: .*expected i32, found (\w+\.)?t

module type S = {
  type t
  val make: i32 -> t
}

module F (X: { val k: i32 }) : S = {
  type t = i32
  def make (x: i32) : t = x + X.k
}

module A = F { def k = 1i32 }

entry main (x: i32) : i32 = A.make x
