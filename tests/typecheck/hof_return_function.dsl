-- Functions returned from functions, both from a declared arrow type and from an inferred one.
-- ==
-- input { 5i32 } output { 12i32 15i32 25i32 }

def adder (k: i32) : i32 -> i32 = \x -> x + k
def compose f g = \x -> f (g x)
def times k = \x -> k * x

entry main (x: i32) : (i32, i32, i32) =
  (adder 7 x, compose (adder 5) (times 2) x, (compose (times x) (adder 0)) x)
