-- In-place updates that read the array they update: an in-place prefix sum, a swap of
-- two elements, and a row of a matrix overwritten with a copy of another row; the
-- reads must see the values from before each update.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] [[1i32, 2i32], [3i32, 4i32]] }
-- output { [1i32, 3i32, 6i32, 10i32] [4i32, 2i32, 3i32, 1i32] [[3i32, 4i32], [3i32, 4i32]]
--          [1i32, 2i32, 3i32, 4i32] }
entry main [n] (xs: [n]i32) (m: [][]i32) =
  let prefix = loop a = copy xs for i < n - 1 do a with [i + 1] = a[i] + a[i + 1]
  let swapped = let a = copy xs
                let (x, y) = (a[0], a[n - 1])
                in a with [0] = y with [n - 1] = x
  let row = copy m[1]
  let m2 = copy m with [0] = row
  in (prefix, swapped, m2, xs)
