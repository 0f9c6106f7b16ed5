-- A lambda's body runs when the lambda is applied, so the sizes of its parameters'
-- types are known there even if the argument that computes them comes after the lambda
-- (as in Futhark): unzip's instantiation inside the lambda needs the row size of
-- `pairs a`'s existential result, which the map's second argument computes.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32]] [[2i32, 4i32], [6i32, 8i32]] }

def pairs (a: [][]i32) : [][](i32, i32) = map (map (\x -> (x, x * 2))) a

entry main (a: [][]i32) : ([][]i32, [][]i32) =
  unzip (map (\(r: [](i32, i32)) -> unzip r) (pairs a))
