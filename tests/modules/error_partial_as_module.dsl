-- A partially applied functor is still a functor: it cannot be ascribed a module type
-- of a module.
-- ==
-- error: error_partial_as_module\.dsl:9:16: error: a functor is used where a module is expected

module type S = { val k: i32 }
module F (A: S) (B: S) = { def k = A.k + B.k }

module P : S = F { def k = 1i32 }

entry main (x: i32) : i32 = x
