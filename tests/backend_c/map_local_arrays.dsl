-- A map whose function builds and updates its own array for each element (fresh
-- storage per iteration), and a loop inside a map that updates a local array.
-- ==
-- input { 4i64 }
-- output { [[0i64, 0i64, 0i64], [0i64, 1i64, 0i64], [0i64, 0i64, 2i64], [3i64, 0i64, 0i64]]
--          [[0i64, 0i64, 0i64], [1i64, 0i64, 0i64], [2i64, 2i64, 0i64], [3i64, 3i64, 3i64]] }
entry main (n: i64) =
  (map (\i -> let a = replicate 3 0i64 in a with [i % 3] = i) (iota n),
   map (\i -> loop a = replicate 3 0i64 for j < i64.min i 3 do a with [j] = i) (iota n))
