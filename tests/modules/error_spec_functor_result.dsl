-- The functor's result lacks a value that the functor type's result requires.
-- ==
-- error: error_spec_functor_result\.dsl:9:16: error: the module does not define value 'twice', which its module type requires

module type has_k = { val k: i32 }

module type S = { module F: (P: has_k) -> { val k: i32  val twice: i32 } }

module M : S = {
  module F (P: has_k) = { def k = P.k }
}

entry main (x: i32) : i32 = x
