-- A functor's members cannot be used before it is applied.
-- ==
-- error: error_functor_member\.dsl:8:29: error: 'F' is a functor: apply it

module type S = { val x: i32 }
module F (P: S) = { def y = P.x + 1 }

entry main (x: i32) : i32 = F.y + x
