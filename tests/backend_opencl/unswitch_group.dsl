-- A map whose rows take one of two arms of group code by a condition of the sizes
-- alone (Note [unswitching maps] in src/lower/unswitch.c): short rows are scanned
-- once, longer ones scanned, reversed and doubled, and scanned again. The map becomes
-- a branch between two group kernels, each holding only its own arm's arrays in local
-- memory and its own arm's code (one kernel holding both took the two arms' arrays).
-- ==
-- entry: pick
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] }
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32], [0i32, 0i32, 1i32, 0i32, 0i32]] }
-- output { [[30i32, 50i32, 62i32, 68i32, 70i32], [2i32, 4i32, 6i32, 6i32, 6i32]] }
-- input { empty([0][5]i32) }
-- output { empty([0][5]i32) }
-- structure kernels { global 0 group 4 host 0 }

entry pick [m][n] (xss: [m][n]i32) : [m][n]i32 =
  map (\xs -> if n <= 4 then scan (+) 0 xs
              else let ys = scan (+) 0 xs
                   let zs = map (\i -> ys[n - 1 - i] * 2) (iota n)
                   in scan (+) 0 zs) xss
