-- Vertical fusion into scatter through flatten of [m][3] rows: a map making three
-- indices and three values per element (a radix-3 transposition of the kind a
-- Stockham pass makes: element 3j+q goes to position j + q*m, times 2, 3 or 5), then
-- flatten and scatter, is ONE scatter with three writes per element and no map; with
-- n not a multiple of 3 the last elements of the destination keep their value.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] }
-- output { [2i64, 8i64, 6i64, 15i64, 15i64, 30i64] }
-- input { [1i64, 2i64, 3i64, 4i64] } output { [2i64, 6i64, 15i64, 0i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
-- structure { scatter 1 map 0 reshape 0 }
entry main [n] (xs: [n]i64) =
  let m = n / 3
  let rows = map (\j -> ([j, j + m, j + 2 * m],
                        [xs[3 * j] * 2, xs[3 * j + 1] * 3, xs[3 * j + 2] * 5]))
                 (iota m)
  let (is, vs) = unzip rows
  in scatter (replicate n 0) (flatten is) (flatten vs)
