-- The module type specifies a functor, but the module defines a module of that name.
-- ==
-- error: error_spec_functor_given_module\.dsl:10:16: error: a module is given where the module type describes a functor
-- error: error_spec_functor_given_module\.dsl:8:29: note: the functor's module type is here

module type has_k = { val k: i32 }

module type S = { module F: (P: has_k) -> has_k }

module M : S = {
  module F = { def k = 1i32 }
}

entry main (x: i32) : i32 = x
