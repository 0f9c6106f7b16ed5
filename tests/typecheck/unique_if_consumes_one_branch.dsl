-- The result of an if that consumes its array in one branch takes the array's place,
-- and can be consumed afterwards (from Futhark's uniqueness tests); `def main` is an entry.
-- ==
-- input { true [0i32, 0i32] }
-- output { [1i32, 2i32] }
-- input { false [0i32, 0i32] }
-- output { [0i32, 2i32] }
def main (c: bool) (xs: *[]i32) : *[]i32 =
  let ys = if c then xs with [0] = 1 else xs
  in ys with [1] = 2
