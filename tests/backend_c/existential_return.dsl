-- A function whose result size is existential (?[k].[k]t), its result passed to a
-- size-polymorphic function that uses the size as a value, and a local function with
-- a size parameter taking the size of its argument.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 6i32] }
-- output { [2i32, 4i32, 6i32] [6i64, 12i64, 18i64] 5i64 }
-- input { [1i32, 3i32] }
-- output { empty([0]i32) empty([0]i64) 2i64 }
def evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs
def scale_by_len [n] (xs: [n]i32) : [n]i64 = map (\x -> i64.i32 x * n) xs

entry main (xs: []i32) =
  (evens xs, scale_by_len (evens xs), let f [m] (ys: [m]i32) : i64 = m in f xs)
