-- The prelude's function composition >-> (left to right) and <-< (right to left), also
-- chained, passed to map and partially applied.
-- ==
-- input { [1i32, 2i32, -3i32] }
-- output { [4i32, 6i32, -4i32] [3i32, 5i32, -5i32] [5i32, 7i32, -3i32] [true, true, false] }

entry main (xs: []i32) =
  (map ((+ 1) >-> (* 2)) xs, map ((+ 1) <-< (* 2)) xs,
   map ((* 2) >-> (+ 1) >-> (+ 2)) xs, map ((+ 1) >-> (> 0)) xs)
