-- A loop whose array grows: the loop parameter's size changes every iteration.
-- ==
-- input { 3i32 } output { [0i32, 1i32, 2i32] [0i32, 0i32, 1i32, 0i32, 1i32, 2i32] }

entry main (n: i32) : ([]i32, []i32) =
  let xs = loop xs = [] for i < n do xs ++ [i]
  let ys = loop acc = [] for i < n do acc ++ (loop zs = [] for j < i + 1 do zs ++ [j])
  in (xs, ys)
