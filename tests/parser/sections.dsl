-- Operator sections (+) (*2) (10-) (k -) (`f` e), projection sections (.0)
-- (.a.b) and index sections (.[0]); (-) is a section, (- 1) a negation.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 4i32, 6i32] [9i32, 8i32, 7i32] [0i32, 0i32, 0i32] 6i32
--          [2i32, 2i32, 3i32] [1i32, 2i32, 3i32] [1i32, 3i32] [1i32] [98i32, 97i32, 96i32] -1i32 }

entry main (xs: []i32) =
  let k = 100
  in ( map (*2) xs
     , map (10-) xs
     , map2 (-) xs xs
     , reduce (+) 0 xs
     , map (`i32.max` 2) xs
     , map (.0) (zip xs xs)
     , map (.[0]) [[1, 2], [3, 4]]
     , map (.a.b) [{a = {b = 1i32}}]
     , map (k -) xs |> map (+ -1)
     , (- 1) )
