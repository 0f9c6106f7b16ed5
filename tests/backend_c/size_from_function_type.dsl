-- A size parameter that only a function argument's type names ([n]i32 -> i32), fixed by
-- what the returned function is applied to, as in Futhark: the call of f knows n from
-- the value that a use makes before it (filter's result, piped or passed), and the body
-- may use n as a number.
-- ==
-- entry: piped direct named sized
-- input { [1i32, -2i32, 3i32] } output { 3i64 }
-- input { [-1i32] } output { 1i64 }

def f [n] (_: [n]i32 -> i32) : [n]i32 -> i64 =
  let m = n + 1
  in \_ -> m

entry piped (xs: []i32) = filter (> 0) xs |> f (\_ -> 0)

entry direct (xs: []i32) = f (\_ -> 0) (filter (> 0) xs)

entry named (xs: []i32) = let ys = filter (> 0) xs in f (\_ -> 0) ys

entry sized [k] (xs: [k]i32) = f (\(_: [k]i32) -> 0) (map (+ 1) xs) - 1
