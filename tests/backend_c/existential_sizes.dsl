-- Results whose sizes are only known at run time: branches returning arrays of
-- different sizes, a loop whose array parameter grows, a function returning a filter
-- result, and a ++ of two such arrays.
-- ==
-- input { true [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] [1i32, 2i32, 3i32, 1i32, 2i32, 3i32, 1i32, 2i32, 3i32, 1i32, 2i32, 3i32] [2i32] [1i32, 2i32, 3i32, 2i32] 12i64 }
-- input { false [1i32, 2i32, 3i32] }
-- output { [1i32, 3i32] [1i32, 2i32, 3i32, 1i32, 2i32, 3i32, 1i32, 2i32, 3i32, 1i32, 2i32, 3i32] [2i32] [1i32, 3i32, 2i32] 12i64 }
def evens (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs

entry main (c: bool) (xs: []i32) =
  let a = if c then xs else filter (\x -> x % 2 == 1) xs
  let grown = loop (ys: []i32) = xs for _i < 2 do ys ++ ys
  let e = evens xs
  in (a, grown, e, a ++ e, length grown)
