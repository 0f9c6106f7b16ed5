-- Near misses of the result rules: distinct unique results, a unique and a
-- non-unique result sharing nothing, loops returning their own updated parameters
-- (also swapped), a pipe into a consuming function of a fresh array.
-- ==
-- input { 2i64 [1i32, 2i32] } output { [5i32, 2i32] [1i32, 2i32] [7i32, 2i32] }

def split (xs: *[]i32) : (*[]i32, []i32) =
  let ys = copy xs
  in (xs with [0] = 5, ys)

def bump (r: *[]i32) : *[]i32 = r with [0] = r[0] + 3

entry main (n: i64) (xs: []i32) : ([]i32, []i32, []i32) =
  let (a, b) = split (copy xs)
  let (c, _) = loop (c, d) = (copy xs, copy xs) for i < n do
                 let c[1] = 2
                 in (d, c)
  let e = copy c |> bump |> bump
  in (a, b, e)
