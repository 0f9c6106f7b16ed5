-- The functor needs more of its argument than the functor type's parameter promises:
-- applied to that parameter's abstract module, it finds no 'scale'.
-- ==
-- error: error_spec_functor_param\.dsl:12:16: error: the module does not define value 'scale', which its module type requires

module type has_k = { val k: i32 }

module type S = { module F: (P: has_k) -> has_k }

module type has_k_scale = { val k: i32  val scale: i32 }

module M : S = {
  module F (P: has_k_scale) = { def k = P.k * P.scale }
}

entry main (x: i32) : i32 = x
