-- `M.(e)`: an expression evaluated with the members of M in scope.
-- ==
-- input { 2i32 } output { 30i32 2i32 }

module M = {
  def f (x: i32) = x + 1
  def k = 10i32
}

def k = 2i32

entry main (x: i32) : (i32, i32) = (M.(f x * k), k)
