-- while loops: the Collatz sequence of 27 (111 steps), a loop whose condition is false
-- at once, and a while loop over a tuple with an array.
-- ==
-- input { 27i64 }
-- output { 111i32 5i32 [1i64, 2i64, 4i64, 8i64, 16i64] 32i64 }
entry main (start: i64) =
  let (_, steps) = loop (n, c) = (start, 0i32) while n != 1 do
                     (if n % 2 == 0 then n / 2 else 3 * n + 1, c + 1)
  let none = loop x = 5i32 while x > 10 do x - 1
  let (arr, p, _) = loop (arr, p, i) = (replicate 5 0i64, 1i64, 0) while i < 5 do
                      (arr with [i] = p, p * 2, i + 1)
  in (steps, none, arr, p)
