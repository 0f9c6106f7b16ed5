-- Every iota that feeds a SOAC becomes the SOAC's index, and no iota array is made
-- (Note [size checks of unused iotas] in src/fusion/dce.c): the iota stays only as the
-- check of its size, so that a negative size still fails at its location. The sum of
-- 2^31 + 100 elements would need 16 GiB for an iota of i64; here it needs none.
-- ==
-- input { 2147483748i64 } output { 86i8 }
-- input { 300i64 } output { 50i8 }
-- input { 0i64 } output { 0i8 }
-- input { -1i64 }
-- error: iota_index\.dsl:29:54: error: negative size in iota
-- entry: prefix
-- input { 20i64 } output { [0i8, 1i8, 3i8, 6i8, 10i8, 15i8, 21i8, 28i8, 36i8, 45i8, 55i8, 66i8, 78i8, 91i8, 105i8, 120i8, -120i8, -103i8, -85i8, -66i8] }
-- input { 0i64 } output { empty([0]i8) }
-- input { -2i64 }
-- error: negative size in iota
-- entry: spread
-- input { 6i64 } output { [0i64, 3i64, 6i64, 9i64, 12i64, 15i64] }
-- entry: counts
-- input { 10i64 } output { [12i64, 15i64, 8i64, 10i64] }
-- entry: chain
-- input { [5i32, -2i32, 7i32, 1i32, 0i32, 3i32] } output { [1i32, -3i32, 25i32, 31i32, 31i32, 61i32] }
-- entry: inner
-- input { [1i64, 5i64, 100i64] } output { [0i64, 20i64, 9900i64] }
-- input { [3i64, -5i64] }
-- error: negative size in iota
-- structure { iota 0 redomap 2 scanomap 2 scatter 1 hist 1 map 2 }
-- structure kernels { host 0 }

entry main (n: i64) : i8 = reduce (+) 0 (map i8.i64 (iota n))

entry prefix (n: i64) : []i8 = scan (+) 0 (map i8.i64 (iota n))

entry spread (n: i64) : []i64 = scatter (replicate n 0) (iota n) (map (*3) (iota n))

entry counts (n: i64) : []i64 = hist (+) 0 4 (map (%4) (iota n)) (iota n)

entry chain [n] (xs: [n]i32) : [n]i32 =
  map (\(i, x) -> x * i32.i64 i) (zip (iota n) xs) |> scan (+) 0 |> map (\s -> 2 * s + 1)

-- An iota inside a map (a kernel on OpenCL): its check runs per element.
entry inner (ks: []i64) : []i64 = map (\k -> reduce (+) 0 (map (*2) (iota k))) ks
