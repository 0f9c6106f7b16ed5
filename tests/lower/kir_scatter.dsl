-- The kernel IR of scatter and hist (tests/lower/kernel_ir.sh prints it): one global
-- kernel each, one work-item per element (several per pass).
-- ==
-- entry: put
-- input { [0i32, 0i32, 0i32] [2i64, 0i64] [7i32, 8i32] }
-- output { [8i32, 0i32, 7i32] }
-- entry: count
-- input { 3i64 [0i64, 2i64, 2i64, 5i64] }
-- output { [1i32, 0i32, 2i32] }
entry put [n][k] (dest: *[n]i32) (is: [k]i64) (vs: [k]i32) : [n]i32 = scatter dest is vs

entry count [k] (m: i64) (is: [k]i64) : [m]i32 =
  hist (+) 0 m is (replicate k 1)
