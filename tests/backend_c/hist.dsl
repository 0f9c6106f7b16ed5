-- hist counts and combines values into k bins, starting from the neutral element;
-- indices out of range are ignored.
-- ==
-- input { 4i64 [0i64, 2i64, 2i64, 3i64, -1i64, 4i64, 2i64, 0i64] [1i32, 5i32, -3i32, 7i32, 100i32, 100i32, 4i32, 2i32] }
-- output { [2i32, 0i32, 3i32, 1i32] [3i32, 0i32, 6i32, 7i32] [2i32, -2147483648i32, 5i32, 7i32] }
-- input { 2i64 empty([0]i64) empty([0]i32) }
-- output { [0i32, 0i32] [0i32, 0i32] [-2147483648i32, -2147483648i32] }
-- input { 0i64 [0i64] [1i32] }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) }
entry main [n] (k: i64) (is: [n]i64) (vs: [n]i32) : ([k]i32, [k]i32, [k]i32) =
  (hist (+) 0 k is (replicate n 1),
   hist (+) 0 k is vs,
   hist i32.max i32.lowest k is vs)
