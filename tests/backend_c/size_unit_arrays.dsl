-- Arrays of () have no components to read their sizes from: an existential size
-- (filter's) that only such an array carries on, unbound by any pattern, is taken from
-- the value that showed it (Note [Sizes that values show] in src/ir/internalise.c).
-- The same for such sizes out of an if, a function (inlined or not) and a loop, which
-- return them beside the value. Once an internal compiler error ("the size d has no
-- value here").
-- ==
-- entry: direct
-- input { [1i32, -2i32, 3i32] } output { 2i64 2i32 [1i32, 1i32] }
-- input { empty([0]i32) } output { 0i64 0i32 empty([0]i32) }
-- entry: nested
-- input { [[1i32, -2i32, 3i32], [1i32, 1i32, 1i32]] } output { [2i64, 3i64] [2i64, 3i64] }
-- entry: filtered_units
-- input { 3i64 } output { 3i64 }
-- input { 0i64 } output { 0i64 }
-- entry: in_lambda
-- input { [1i32, -2i32, 3i32] } output { [3i32, 0i32, 5i32] 4i64 }
-- entry: twice
-- input { [1i32, -1i32, 0i32] } output { 3i64 }
-- entry: slices
-- input { [1i32, -2i32, 3i32] } output { 2i64 1i64 1i64 2i64 }
-- entry: branches
-- input { true 4i64 [1i32, -2i32, 3i32] } output { 2i64 [2i64, 2i64] 4i64 [1i32, 1i32] 2i64 }
-- input { false 4i64 [1i32, -2i32, 3i32] }
-- output { 3i64 [3i64, 3i64, 3i64] 3i64 [2i32, 2i32, 2i32, 2i32] 3i64 }
-- entry: nested_branch
-- input { 1i64 } output { 4i64 1i64 }
-- input { 3i64 } output { 2i64 3i64 }
-- entry: shapes
-- input { [1i32, -2i32, 3i32] } output { 2i64 2i64 2i64 4i64 2i64 0i64 3i64 2i64 }
-- entry: functions
-- input { 2i64 } output { 5i64 2i64 4i64 2i64 3i64 }
-- entry: in_map
-- input { [[1i32, -2i32, 0i32], [1i32, 1i32, 1i32]] } output { [3i64, 6i64] }
-- entry: loops
-- input { 3i64 } output { 8i64 4i64 4i64 4i64 }
-- input { 0i64 } output { 1i64 1i64 0i64 1i64 }
-- entry: loop_in_map
-- input { [[1i32, -2i32, 3i32], [2i32, 2i32, 0i32]] } output { [3i64, 4i64] }

def units [n] (xs: [n]i32) : [n]() = map (\_ -> ()) xs

def count_positive (xs: []i32) = length (map (\_ -> ()) (filter (> 0) xs))

entry direct (xs: []i32) =
  (length (map (\_ -> ()) (filter (> 0) xs)),
   loop acc = 0i32 for _u in map (\_ -> ()) (filter (> 0) xs) do acc + 1,
   let us = map (\_ -> ()) (filter (> 0) xs) in map (\_ -> 1i32) us)

entry nested (xss: [][]i32) =
  (map (\xs -> length (units (filter (> 0) xs))) xss,
   map (\xs -> let us = map (\_ -> ()) (filter (> 0) xs)
               in loop a = 0i64 for _u in us do a + 1) xss)

entry filtered_units (n: i64) =
  let us = replicate n ()
  let vs = filter (\_ -> true) us
  in length vs

entry in_lambda (xs: []i32) =
  let us = map (\_ -> ()) (filter (> 0) xs)
  in (map (\x -> x + i32.i64 (length us)) xs, length (us ++ us))

entry twice (xs: []i32) = count_positive xs + count_positive (map (+ 1) xs)

entry slices (xs: []i32) =
  let us = map (\_ -> ((), ())) (filter (> 0) xs)
  let (vs, _) = unzip us
  in (length (reverse vs), length vs[1:], length (take 1 vs), length (unzip us).1)

def units_of (n: i64) : []() = replicate n ()

def units_and_twos (n: i64) : ([]i32, []()) = (replicate 2 1, replicate n ())

def count_units (f: i64 -> []()) (k: i64) = length (f k)

def positive_units [n] (xs: [n]i32) : []() = map (\_ -> ()) (filter (> 0) xs)

entry branches (b: bool) (k: i64) (xs: []i32) =
  let us = if b then map (\_ -> ()) (filter (> 0) xs) else map (\_ -> ()) xs
  let (vs, ys) = if b then (replicate k (), replicate 2 1i32) else (replicate 3 (), replicate k 2i32)
  in (length us, map (\_ -> length us) us, length vs, ys,
      length (if b then replicate 2 () else replicate 3 ()))

entry functions (n: i64) =
  let (a, u) = units_and_twos (n + 1)
  in (length (units_of n) + length (units_of (n + 1)), count_units units_of n,
      count_units (\k -> replicate (k * 2) ()) n, length a, length u)

entry in_map (xss: [][]i32) =
  map (\xs -> let us = positive_units xs in length us + length (positive_units (map (+ 1) xs))) xss

entry loops (k: i64) =
  let us = loop us = [()] for _i < k do us ++ us
  let vs = loop vs = [()] while length vs < k do vs ++ vs
  let (ws, s) = loop (ws, s) = (replicate 1 (), 0i64) for i < k do (ws ++ replicate i (), s + length ws)
  in (length us, length vs, s, length ws)

entry loop_in_map (xss: [][]i32) =
  map (\xs -> let us = loop us = map (\_ -> ()) (filter (> 0) xs) for x in xs do
                         if x > 1 then us ++ [()] else us
              in length us) xss

entry nested_branch (k: i64) =
  let us = replicate 2 (replicate k ())
  let vs = if k > 2 then us else us ++ us
  in (length vs, length vs[0])

entry shapes (xs: []i32) =
  let us = replicate 2 (map (\_ -> ()) (filter (> 0) xs))
  let (a, b) = partition (\_ -> true) (map (\_ -> ()) (filter (> 0) xs))
  let r = {a = map (\_ -> ()) (filter (> 0) xs), b = 1i32}
  in (length us, length us[0], length (transpose us), length (flatten us), length a, length b,
      length (concat (map (\_ -> ()) (filter (> 0) xs)) (map (\_ -> ()) (filter (< 0) xs))),
      length r.a)
