-- Arrays of () have no components to read their sizes from: an existential size
-- (filter's) that only such an array carries on, unbound by any pattern, is taken from
-- the value that showed it (Note [Sizes that values show] in src/ir/internalise.c).
-- Once an internal compiler error ("the size d has no value here").
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
