-- A functor of two parameters applied to three modules.
-- ==
-- error: error_functor_too_many_args\.dsl:8:12: error: this module is not a functor

module type S = { val k: i32 }
module F (A: S) (B: S) = { def s = A.k + B.k }

module P = F { def k = 1i32 } { def k = 2i32 } { def k = 3i32 }

entry main (x: i32) : i32 = P.s + x
