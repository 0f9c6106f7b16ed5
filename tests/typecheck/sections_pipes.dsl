-- Operator sections (+) (*2) (2-) (.x) (.[i]) and the pipes |> <| take their types from context.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 6i32 [2i32, 4i32, 6i32] [1i32, 0i32, -1i32] [2i32, 3i32, 4i32] 2i32 }

entry main (xs: []i32) : (i32, []i32, []i32, []i32, i32) =
  let rs = map (\x -> {v = x + 1}) xs
  in (reduce (+) 0 xs, xs |> map (*2), map (2-) xs, map (.v) rs,
      (.[1]) xs)
