-- Small algorithms written with nested loops and in-place updates: a bubble sort, a
-- 2-D array filled row by row from the previous row (Pascal's triangle), and a
-- sieve of Eratosthenes.
-- ==
-- input { [5i32, -1i32, 3i32, 3i32, 0i32] }
-- output { [-1i32, 0i32, 3i32, 3i32, 5i32]
--          [[1i64, 0i64, 0i64, 0i64, 0i64], [1i64, 1i64, 0i64, 0i64, 0i64], [1i64, 2i64, 1i64, 0i64, 0i64], [1i64, 3i64, 3i64, 1i64, 0i64], [1i64, 4i64, 6i64, 4i64, 1i64]]
--          [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { empty([0]i32) }
-- output { empty([0]i32)
--          [[1i64, 0i64, 0i64, 0i64, 0i64], [1i64, 1i64, 0i64, 0i64, 0i64], [1i64, 2i64, 1i64, 0i64, 0i64], [1i64, 3i64, 3i64, 1i64, 0i64], [1i64, 4i64, 6i64, 4i64, 1i64]]
--          [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
entry main [n] (xs: [n]i32) =
  let sorted = loop a = copy xs for i < n do
                 loop a for j < n - 1 - i do
                   if a[j] > a[j + 1]
                   then let t = a[j]
                        let a[j] = a[j + 1]
                        let a[j + 1] = t
                        in a
                   else a
  let pascal = loop p = replicate 5 (replicate 5 0i64) for i < 5 do
                 let row = map (\j -> if j == 0 then 1 else if i == 0 then 0
                                      else p[i - 1, j] + p[i - 1, j - 1]) (iota 5)
                 in p with [i] = row
  let sieve = loop s = replicate 30 true for i < 30 do
                if i < 2 then s with [i] = false
                else if s[i] then loop s for k < 29 / i - 1 do s with [i * (k + 2)] = false
                else s
  in (sorted, pascal, filter (\i -> sieve[i]) (iota 30))
