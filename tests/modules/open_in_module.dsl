-- `open M` in a module makes M's members members of the module, as in Futhark.
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
