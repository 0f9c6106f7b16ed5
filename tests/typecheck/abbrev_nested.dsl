-- An abbreviation with a size parameter used twice ([n][n]), in a return type and in an entry.
-- ==
-- input { 2i64 } output { [[1f32, 0f32], [0f32, 1f32]] }

type mat [n] = [n][n]f32

def identity (n: i64) : mat [n] = tabulate_2d n n (\i j -> if i == j then 1 else 0)

entry main (n: i64) : mat [n] = identity n
