-- A size parameter that only a function argument's result type shows, named as a value
-- before any value of that size is bound: the function given for it returns arrays of
-- a size that exists only inside it (filter's), so the size has no value. A located
-- error, once an internal compiler error (Note [Sizes only a function argument shows]).
-- ==
-- error: the size 'm' has no value here: the function given for it returns arrays

def app [n] [m] (f: i32 -> [m]i32) (xs: [n]i32) =
  map (\x -> i32.sum (f x) + i32.i64 m) xs

entry main (xs: []i32) = app (\x -> filter (> 0) [x, x - 1, x - 2]) xs
