-- Applying a module that is not a functor.
-- ==
-- error: error_apply_not_functor\.dsl:7:12: error: this module is not a functor

module M = { def x = 1i32 }

module N = M { def y = 2i32 }

entry main (x: i32) : i32 = x
