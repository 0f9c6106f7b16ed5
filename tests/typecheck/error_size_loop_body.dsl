-- A loop parameter declared [3] whose body returns a longer array.
-- ==
-- error: the loop body returns size 3\+1 where the loop parameter has size 3

entry main (x: i32) : i32 =
  let xs = loop (xs: [3]i32) = [1, 2, 3] for i < 2 do xs ++ [i]
  in xs[0]
