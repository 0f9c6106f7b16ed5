-- == and != on arrays (elementwise, same size), tuples, records and nested arrays;
-- empty arrays are equal.
-- ==
-- input { [1i32, 2i32] [1i32, 2i32] }
-- output { true false true true false true }
-- input { [1i32, 2i32] [1i32, 3i32] }
-- output { false true true true false true }
-- input { empty([0]i32) empty([0]i32) }
-- output { true false true true false true }
entry main [n] (xs: [n]i32) (ys: [n]i32) =
  (xs == ys, xs != ys, (1i32, true) == (1, true), {a = 1i32, b = 2f32} != {a = 1, b = 3},
   [[1, 2], [3, 4]] == [[1, 2], [3, 5i32]], [(1i32, [true])] == [(1, [true])])
