-- A failed assertion's message shows the condition's source text when it fits on one
-- line, as Futhark's does; '%' in it survives the OpenCL runtime's formatting, also
-- inside a kernel (the map).
-- ==
-- entry: halve
-- input { 4 } output { 2 }
-- input { 3 } error: assertion failed: x % 2 == 0
-- entry: halves
-- input { [2i64, 4i64] } output { [1i64, 2i64] }
-- input { [2i64, 5i64] } error: assertion failed: x % 2 == 0 && x >= 0
-- entry: long_condition
-- input { 1 } error: assertion failed$

entry halve (x: i32) = assert (x % 2 == 0) (x / 2)

entry halves (xs: []i64) = map (\x -> assert (x % 2 == 0 && x >= 0) (x / 2)) xs

entry long_condition (x: i32) =
  assert (x + 1 == 0 ||
          x + 2 == 0) x
