-- `with N.u = τ` refines a type of a module inside the module type.
-- ==
-- input { 3i32 } output { 4i32 }

module type has_inner = {
  type t
  module N: { type u }
}

module M : (has_inner with N.u = i32) = {
  type t = bool
  module N = { type u = i32 }
}

def f (x: M.N.u) : i32 = x + 1

entry main (x: i32) : i32 = f x
