-- |> is the loosest operator and associates to the left; <| associates to the
-- right; both bind looser than arithmetic.
-- ==
-- input { 3i32 } output { 8i32 8i32 7i32 8i32 }

def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2

entry main (x: i32) : (i32, i32, i32, i32) =
  (x |> inc |> dbl, dbl <| inc <| x, x |> (*2) |> (+) 1, x + 1 |> dbl)
