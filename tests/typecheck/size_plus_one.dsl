-- Size arithmetic in a return type: [n+1] is met by xs ++ [x], and [n+1] flows to the caller.
-- ==
-- input { [1i32, 2i32] } output { [1i32, 2i32, 9i32] [1i32, 2i32, 9i32, 9i32] 4i64 }

def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]

entry main [n] (xs: [n]i32) : ([n+1]i32, [n+1+1]i32, i64) =
  let ys = snoc xs 9
  let zs = snoc ys 9
  in (ys, zs, length zs)
