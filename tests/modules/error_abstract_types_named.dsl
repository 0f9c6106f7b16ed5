-- Messages name abstract types by their modules: M.t and N.t are different types.
-- ==
-- error: expected N\.t, found M\.t
module type S = { type t val zero: t }
module M : S = { type t = i32 def zero = 0i32 }
module N : S = { type t = i32 def zero = 0i32 }
def f (x: M.t) : N.t = x
entry main (x: i32) : i32 = x
