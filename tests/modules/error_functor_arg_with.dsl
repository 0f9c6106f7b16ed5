-- A functor whose parameter is `numeric with t = f32` applied to f64.
-- ==
-- error: error_functor_arg_with\.dsl:9:19: error: type 't' is f64 in the module, but its module type says f32
-- error: prelude\.dsl:[0-9]+:[0-9]+: note: the module type's 't' is here

module half (N: numeric with t = f32) = { def half (x: f32) : f32 = x N./ 2 }

module H32 = half f32
module H64 = half f64

entry main (x: f32) : f32 = H32.half x
