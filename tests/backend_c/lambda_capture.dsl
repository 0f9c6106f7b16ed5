-- Lambdas that capture variables of the enclosing scope (scalars, arrays and other
-- functions), also in nested maps and after the captured name is shadowed.
-- ==
-- input { 10i32 [1i32, 2i32, 3i32] }
-- output { [11i32, 12i32, 13i32] [[2i32, 3i32, 4i32], [3i32, 4i32, 5i32], [4i32, 5i32, 6i32]]
--          [16i32, 17i32, 18i32] [6i32, 6i32, 6i32] }
entry main [n] (k: i32) (xs: [n]i32) =
  let addk = \x -> x + k
  let r1 = map addk xs
  let r2 = map (\a -> map (\b -> a + b) xs) xs
  let f = \x -> addk x + 5
  let k = 0
  let r3 = map f xs
  let s = reduce (+) k xs
  in (r1, r2, r3, map (\_ -> s) xs)
