-- Size parameters: used as i64 values in the body, in result types ([n+1], [n*m]),
-- bound by `let [k]` for a filter result, and changed with a checked `:>` coercion.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { 4i64 [1i32, 2i32, 3i32, 4i32, 0i32] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] 2i64 [2i32, 4i32] [3i32, 6i32] 3i64 2i64 }
def append_zero [n] (xs: [n]i32) : [n+1]i32 = xs ++ [0]

def flat [n] [m] (a: [n][m]i32) : [n*m]i32 = flatten a

def dims [n] [m] 't (_: [n][m]t) : (i64, i64) = (n, m)

entry main [n] (xs: [n]i32) (m: [][]i32) =
  let [k] (evens: [k]i32) = filter (\x -> x % 2 == 0) xs
  let halves = take k xs :> [k]i32
  let (r, c) = dims m
  in (n, append_zero xs, flat m, k, evens, map2 (+) evens halves, r, c)
