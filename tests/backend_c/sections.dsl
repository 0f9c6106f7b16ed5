-- Operator sections: (+), (*2) (right operand given), (2-) (left operand given),
-- (/2) on floats, and projection sections (.0), (.1), (.x), (.[1]) and (.a.b).
-- ==
-- input { [1i32, 5i32, 10i32] }
-- output { 16i32 [2i32, 10i32, 20i32] [1i32, -3i32, -8i32] [-1i32, 3i32, 8i32]
--          [0.5f64, 2.5f64] [1i32, 5i32] [true, false] [3i32, 4i32] [5i32, 6i32] [9i32] }
entry main (xs: []i32) =
  (reduce (+) 0 xs, map (*2) xs, map (2-) xs, map (\x -> x - 2) xs,
   map (/2) [1f64, 5f64],
   map (.0) [(1i32, true), (5i32, false)], map (.1) [(1i32, true), (5i32, false)],
   map (.x) [{x = 3i32, y = 0i32}, {x = 4, y = 1}],
   map (.[1]) [[4i32, 5i32], [5, 6]],
   map (.a.b) [{a = {b = 9i32}}])
