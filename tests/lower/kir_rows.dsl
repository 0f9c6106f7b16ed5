-- The kernel IR of maps whose elements are arrays (tests/lower/kernel_ir.sh prints it):
-- `pairs` makes a private row per element (a map kernel whose work-items write their
-- rows).
-- ==
-- entry: pairs
-- input { 3i64 }
-- output { [[0i64, 1i64], [1i64, 2i64], [2i64, 3i64]] }
entry pairs (n: i64) : [n][2]i64 = map (\i -> [i, i + 1]) (iota n)
