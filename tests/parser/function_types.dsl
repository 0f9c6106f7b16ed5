-- Function types, with named parameters (x: i64) -> [x]t, and existential
-- sizes ?[m].[m]t and ?[a][b].t in return types.
-- ==
-- input { 3i64 } output { 2i64 3i64 5i64 }

def positive (k: i64) : ?[m].[m]i64 = filter (> 0) (iota k)

def two (k: i64) : ?[a][b].([a]i64, [b]i64) = (iota k, positive k)

def apply (f: (x: i64) -> [x]i64) (k: i64) : [k]i64 = f k

def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

entry main (k: i64) : (i64, i64, i64) =
  let (p, q) = two k
  in (length (positive k), length (apply iota k) |> compose (+ 1) (+ -1), length p + length q)
