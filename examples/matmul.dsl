-- | Matrix multiplication with size types: the inner sizes must agree, and the
-- result's size follows from the arguments'.

def dot [n] (a: [n]f64) (b: [n]f64) : f64 =
  f64.sum (map2 (*) a b)

entry main [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (dot row) (transpose b)) a
