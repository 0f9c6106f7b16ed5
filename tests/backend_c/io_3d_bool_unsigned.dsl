-- Inputs and outputs of rank 3, of bool and of small unsigned types, including
-- empty arrays with a zero in the middle of the shape.
-- ==
-- input { [[[1i8, 2i8], [3i8, 4i8]], [[5i8, 6i8], [7i8, 8i8]]] [[true, false], [false, false]] [[200u8], [100u8]] }
-- output { [[[2i8, 4i8], [6i8, 8i8]], [[10i8, 12i8], [14i8, 16i8]]] [[false, true], [true, true]] [[100u8], [200u8]] 36i8 }
-- input { empty([2][0][3]i8) empty([0][2]bool) empty([3][0]u8) }
-- output { empty([2][0][3]i8) empty([0][2]bool) empty([3][0]u8) 0i8 }
entry main (a: [][][]i8) (b: [][]bool) (c: [][]u8) =
  (map (map (map (* 2))) a, map (map (\x -> !x)) b, reverse c,
   reduce (+) 0 (flatten (flatten a)))
