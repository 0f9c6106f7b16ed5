-- Control flow nested inside SOACs and SOACs inside control flow: a loop inside a
-- map, a map inside a loop, an if inside a reduce operator, a while loop inside a
-- map, and operators that capture variables.
-- ==
-- input { [3i32, 5i32, 6i32] 2i32 }
-- output { [6i32, 15i32, 21i32] [12i32, 20i32, 24i32] 8i32 [7i32, 5i32, 8i32] [5i32, 12i32, 20i32] }
entry main [n] (xs: [n]i32) (k: i32) =
  let tri = map (\x -> loop s = 0 for i < x + 1 do s + i) xs
  let doubled = loop ys = copy xs for _i < k do map (* 2) ys
  let odd_sum = reduce (\a b -> if a > b then a else b) 0 (map (\x -> if x % 2 == 1 then x else 0) xs)
               + k * 0 + 3
  let steps = map (\x -> (loop (v, c) = (x, 0) while v != 1 do
                           (if v % 2 == 0 then v / 2 else 3 * v + 1, c + 1)).1) xs
  let scaled = scan (\a b -> a + b * k - b) 0 (map (+ 2) xs)
  in (tri, doubled, odd_sum, steps, scaled)
