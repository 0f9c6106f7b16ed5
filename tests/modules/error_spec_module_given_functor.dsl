-- The module type specifies a module, but the module defines a functor of that name.
-- ==
-- error: error_spec_module_given_functor\.dsl:9:16: error: a functor is used where a module is expected

module type has_k = { val k: i32 }

module type S = { module N: has_k }

module M : S = {
  module N (P: has_k) = { def k = P.k }
}

entry main (x: i32) : i32 = x
