-- The kernel IR of transposes (tests/lower/kernel_ir.sh prints it): a transpose that
-- moves the innermost dimension copies tiles through local memory; one that keeps it
-- innermost gathers.
-- ==
-- entry: flip
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[1i32, 3i32, 5i32], [2i32, 4i32, 6i32]] }
-- entry: outer
-- input { [[[1i32, 2i32]], [[3i32, 4i32]]] }
-- output { [[[1i32, 2i32], [3i32, 4i32]]] }
entry flip [n][m] (xss: [n][m]i32) : [m][n]i32 = copy (transpose xss)

entry outer [a][b][c] (xsss: [a][b][c]i32) : [b][a][c]i32 = copy (transpose xsss)
