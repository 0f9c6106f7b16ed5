-- `open M` inside a module brings M's members into scope, and they become members of
-- the module that opens it (as in Futhark).
-- ==
-- input { 2i32 } output { 5i32 3i32 }

module M = {
  def f (x: i32) = x + 1
  def g (x: i32) = x * 2
}

module N = {
  open M
  def h (x: i32) = f (g x)
}

entry main (x: i32) : (i32, i32) = (N.h x, N.f x)
