-- A lambda without annotations takes its parameter types from the array it is mapped over.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [3i32, 5i32, 7i32] 15i32 }

entry main (xs: []i32) : ([]i32, i32) =
  let ys = map (\x -> 2 * x + 1) xs
  in (ys, reduce (\a b -> a + b) 0 ys)
