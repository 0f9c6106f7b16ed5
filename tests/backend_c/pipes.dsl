-- The pipe operators |> (left to right) and <| (right to left), chained, with
-- partially applied functions and mixed with other operators (pipes bind loosest).
-- ==
-- input { [3i32, -1i32, 4i32] }
-- output { 15i32 14i32 [6i32, 8i32] 10i32 }
entry main (xs: []i32) =
  (xs |> map (+1) |> map (\x -> x * 2) |> filter (> 0) |> reduce (+) 0 |> (\s -> s - 3),
   reduce (+) 0 <| map (*2) <| xs ++ [1],
   xs |> filter (> 0) |> map (*2),
   1 + 2 |> (+7))
