-- map2 and map3 from the prelude pair up elements of arrays of the same size.
-- ==
-- input { [1i32, 2i32, 3i32] [10i32, 20i32, 30i32] [true, false, true] }
-- output { [11i32, 22i32, 33i32] [11i32, -20i32, 33i32] }
-- input { empty([0]i32) empty([0]i32) empty([0]bool) }
-- output { empty([0]i32) empty([0]i32) }
entry main [n] (a: [n]i32) (b: [n]i32) (c: [n]bool) : ([n]i32, [n]i32) =
  (map2 (+) a b,
   map3 (\x y p -> if p then x + y else -y) a b c)
