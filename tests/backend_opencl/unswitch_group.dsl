-- A map whose rows take one of two arms of group code by a condition of the sizes
-- alone (Note [unswitching maps] in src/lower/unswitch.c): short rows are scanned
-- once, longer ones scanned, reversed and doubled, and scanned again. The map becomes
-- a branch between two group kernels, each holding only its own arm's arrays in local
-- memory and its own arm's code (one kernel holding both took the two arms' arrays).
-- `three` branches three times on its sizes: it is unswitched once, at the first
-- branch, two kernels and not eight (two versions each: group 4 + 4).
-- ==
-- entry: pick
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] }
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32], [0i32, 0i32, 1i32, 0i32, 0i32]] }
-- output { [[30i32, 50i32, 62i32, 68i32, 70i32], [2i32, 4i32, 6i32, 6i32, 6i32]] }
-- input { empty([0][5]i32) }
-- output { empty([0][5]i32) }
-- entry: three
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 5i32, 15i32], [4i32, 17i32, 45i32]] }
-- input { [[1i32, 2i32, 1i32, 1i32, 2i32, 1i32]] }
-- output { [[1i32, 4i32, 9i32, 16i32, 27i32, 42i32]] }
-- input { [[1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 2i32]] }
-- output { [[2i32, 6i32, 12i32, 20i32, 30i32, 42i32, 56i32, 72i32, 90i32, 111i32]] }
-- input { [[1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32,
--           1i32, 1i32, 1i32, 1i32, 1i32]] }
-- output { [[4i32, 12i32, 24i32, 40i32, 60i32, 84i32, 112i32, 144i32, 180i32, 220i32,
--            264i32, 312i32, 364i32, 420i32, 480i32, 544i32, 612i32, 684i32]] }
-- structure kernels { global 0 group 8 host 0 }

entry pick [m][n] (xss: [m][n]i32) : [m][n]i32 =
  map (\xs -> if n <= 4 then scan (+) 0 xs
              else let ys = scan (+) 0 xs
                   let zs = map (\i -> ys[n - 1 - i] * 2) (iota n)
                   in scan (+) 0 zs) xss

entry three [m][n] (xss: [m][n]i32) : [m][n]i32 =
  map (\xs -> let a = if n <= 4 then scan (+) 0 xs else scan (*) 1 xs
              let b = if n <= 8 then scan (+) 0 a else scan (+) 0 (map (+ 1) a)
              let c = if n <= 16 then scan (+) 0 b else scan (+) 0 (map (* 2) b)
              in c) xss
