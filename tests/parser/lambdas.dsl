-- Anonymous functions with several parameters, parameter patterns and a
-- return type.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 3i32, 4i32] [1i32, 4i32, 9i32] 6i32 }

entry main (xs: []i32) : ([]i32, []i32, i32) =
  ( map (\x -> x + 1) xs
  , map2 (\(a: i32) b : i32 -> a * b) xs xs
  , (\(x, y) {z} -> x + y + z) (1, 2) {z = 3} )
