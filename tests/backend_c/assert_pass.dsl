-- assert c e is e when c holds, for scalars and arrays, also inside a map.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { 6i32 [2i32, 4i32, 6i32] }
entry main [n] (xs: [n]i32) =
  (assert (n > 0) (reduce (+) 0 xs), map (\x -> assert (x > 0) (x * 2)) xs)
