-- A partially applied functor cannot be ascribed the module type of a module.
-- ==
-- error: error_partial_as_module\.dsl:8:16: error: a functor is used where a module is expected

module type S = { val k: i32 }
module F (A: S) (B: S) = { def k = A.k + B.k }

module P : S = F { def k = 1i32 }

entry main (x: i32) : i32 = x
