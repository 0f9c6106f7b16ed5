-- Vertical fusion of chains: four maps (two producers feeding a map2, then a last
-- map) become one map; a producer whose result is read twice by the same consumer
-- (map2 over a and a) is still computed once per element, inside the one map.
-- ==
-- input { [1i64, 2i64, 3i64] [4i64, 5i64, 6i64] } output { [31i64, 50i64, 71i64] }
-- input { empty([0]i64) empty([0]i64) } output { empty([0]i64) }
-- entry: twice
-- input { [1i64, -2i64, 10i64] } output { [4i64, 1i64, 121i64] }
-- structure { map 2 }
entry main [n] (xs: [n]i64) (ys: [n]i64) =
  let a = map (\x -> x + 1) xs
  let b = map (\y -> y * y) ys
  let c = map2 (\p q -> p * 10 + q) a b
  in map (\v -> v - 5) c

entry twice (xs: []i64) =
  let a = map (\x -> x + 1) xs
  in map2 (*) a a
