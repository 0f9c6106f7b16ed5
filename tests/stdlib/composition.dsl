-- Function composition: f >-> g is \x -> g (f x), and g <-< f the same. They bind as
-- > and < (their leading characters): looser than arithmetic and pipes' operands.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [4i32, 6i32, 8i32] [3i32, 5i32, 7i32] [3i64, 5i64, 7i64] [true, false, false] }

entry main (xs: []i32) =
  ( map ((+ 1) >-> (* 2)) xs
  , map ((+ 1) <-< (* 2)) xs
  , map (i64.i32 >-> (* 2) >-> (+ 1)) xs
  , xs |> map ((\x -> x + 1) >-> (== 2))
  )
