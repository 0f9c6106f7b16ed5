-- Vertical fusion, map into reduce: the reduce becomes a redomap whose map lambda is
-- the producer's, for an associative (non-commutative) operator too: composing affine
-- functions x -> a*x + b, where the order of the elements matters. map-map-reduce is
-- one redomap as well.
-- ==
-- input { [1i32, 2i32, 3i32, -4i32] } output { 34i32 }
-- input { empty([0]i32) } output { 0i32 }
-- entry: affine
-- input { [4i64, 0i64, 7i64, 2i64, 5i64] } output { 36i64 146i64 }
-- input { [3i64] } output { 1i64 3i64 }
-- input { empty([0]i64) } output { 1i64 0i64 }
-- structure { redomap 2 map 0 reduce 0 }
entry main (xs: []i32) = reduce (+) 0 (map (\y -> y + 1) (map (\x -> x * x) xs))

entry affine (xs: []i64) =
  let (a, b) = unzip (map (\x -> (x % 3 + 1, x)) xs)
  in reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip a b)
