-- exscan: the exclusive prefix scan (Futhark's prelude has it): the neutral element
-- first, then the scan of every element but the last; empty input, empty output.
-- ==
-- input { [3, 1, 4, 1, 5] } output { [0, 3, 4, 8, 9] [1, 3, 3, 12, 12] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- input { [7] } output { [0] [1] }

entry main (xs: []i32) : ([]i32, []i32) =
  (exscan (+) 0 xs, exscan (*) 1 xs)
