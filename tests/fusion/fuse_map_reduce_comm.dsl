-- Vertical fusion, map into reduce_comm: a commutative reduction of a map is one
-- redomap too, for a scalar sum of f32 and for a tuple reduction (the minimum and its
-- count, with max as a second, independent reduction of the same mapped values).
-- ==
-- input { [1f32, -2f32, 0.5f32] } output { 8.25f32 }
-- input { empty([0]f32) } output { 0f32 }
-- entry: mincount
-- input { [5i32, -3i32, 7i32, 3i32, -7i32] } output { 9i32 2i32 49i32 }
-- input { empty([0]i32) } output { 2147483647i32 0i32 -2147483648i32 }
-- structure { redomap 2 map 0 reduce 0 }
entry main (xs: []f32) = reduce_comm (+) 0 (map (\x -> x * x + 1) xs)

entry mincount (xs: []i32) =
  let sq = map (\x -> x * x) xs
  let (m, c, mx) =
    reduce_comm (\(m1, c1, x1) (m2, c2, x2) ->
                   (i32.min m1 m2,
                    (if m1 <= m2 then c1 else 0) + (if m2 <= m1 then c2 else 0),
                    i32.max x1 x2))
                (i32.highest, 0, i32.lowest) (zip3 sq (map (\_ -> 1) xs) sq)
  in (m, c, mx)
