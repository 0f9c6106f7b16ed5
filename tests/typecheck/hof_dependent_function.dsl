-- A function parameter with a dependent type (n: i64) -> [n]i64 accepts a lambda that keeps n.
-- ==
-- input { 3i64 } output { 6i64 }

def sum_of (g: (n: i64) -> [n]i64) (l: i64) : i64 = i64.sum (g l)

entry main (l: i64) : i64 = sum_of (\n -> map (*2) (iota n)) l
