-- Maps distributed over the statements of their lambdas (Note [distributing maps] in
-- src/lower/distribute.c): a map whose rows go through a chain of reshapes,
-- transposes and inner maps of different widths runs on OpenCL as that chain over the
-- whole batch, each inner map one kernel over every row of every element, instead of
-- on the host, element after element.
--  - colscan: each row, viewed as an [n/c][c] matrix, gets the prefix sums of its
--    columns: transpose, a scan of each column (group code), transpose back;
--  - weighted: two inner maps of different widths (c, then n/c) with a transpose
--    between them, the second reading its index (the column's number, in the flat
--    map the flat index mod the width);
--  - shifted: the chain needs a scalar of the row (its first element): not
--    distributable, so it stays on the host;
--  - an empty batch takes the branch's other arm (empty arrays); a row whose length c
--    does not divide fails the coercion, and c = 0 the division, with their messages.
-- ==
-- entry: colscan
-- input { 2i64 [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64], [0i64, 1i64, 0i64, 1i64, 0i64, 1i64]] }
-- output { [[1i64, 2i64, 4i64, 6i64, 9i64, 12i64], [0i64, 1i64, 0i64, 2i64, 0i64, 3i64]] }
-- input { 3i64 [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64]] }
-- output { [[1i64, 2i64, 3i64, 5i64, 7i64, 9i64]] }
-- input { 2i64 empty([0][6]i64) }
-- output { empty([0][6]i64) }
-- input { 4i64 [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64]] }
-- error: distribute\.dsl:[0-9]+:[0-9]+: error: the value's size does not match
-- input { 0i64 [[1i64]] }
-- error: division by zero
-- entry: weighted
-- input { 2i64 [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64], [0i64, 1i64, 0i64, 1i64, 0i64, 1i64]] }
-- output { [[10i64, 54i64, 30i64, 118i64, 50i64, 182i64], [0i64, 22i64, 0i64, 22i64, 0i64, 22i64]] }
-- input { 3i64 empty([0][6]i64) }
-- output { empty([0][6]i64) }
-- entry: shifted
-- input { 2i64 [[1i64, 2i64, 3i64, 4i64], [5i64, 6i64, 7i64, 8i64]] }
-- output { [[0i64, 1i64, 2i64, 3i64], [0i64, 1i64, 2i64, 3i64]] }
-- structure kernels { group 4 host 1 }

entry colscan [b][n] (c: i64) (rows: [b][n]i64) : [b][n]i64 =
  map (\row ->
         let m: [n / c][c]i64 = unflatten (row :> [(n / c) * c]i64)
         in flatten (transpose (map (scan (+) 0) (transpose m))) :> [n]i64)
      rows

-- Column j of the [n/c][c] view times j + 10 (the first map, over its c columns,
-- reads its index), then each row of the view (after the transpose back) has its
-- sum added to its last element.
entry weighted [b][n] (c: i64) (rows: [b][n]i64) : [b][n]i64 =
  map (\row ->
         let m: [n / c][c]i64 = unflatten (row :> [(n / c) * c]i64)
         let w = map2 (\j col -> map (\x -> x * (j + 10)) col) (iota c) (transpose m)
         in flatten (map (\r -> let s = i64.sum r in map2 (\x k -> if k == c - 1 then x + s else x) r (iota c))
                         (transpose w)) :> [n]i64)
      rows

entry shifted [b][n] (c: i64) (rows: [b][n]i64) : [b][n]i64 =
  map (\row ->
         let s = row[0]
         let m: [n / c][c]i64 = unflatten (row :> [(n / c) * c]i64)
         in flatten (transpose (map (map (\x -> x - s)) (transpose m))) :> [n]i64)
      rows
