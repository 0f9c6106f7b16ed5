-- for loops: `for i < n` with a tuple state (Fibonacci), zero iterations, nested
-- loops, and a loop bound of another integer type. `squares` holds i32s: nothing fixes
-- the type of `i` (the literal 4's), and its use as an index does not either, so it
-- defaults to i32 as in Futhark.
-- ==
-- input { 90i64 }
-- output { 2880067194370816120i64 7i32 60i32 [0i32, 1i32, 4i32, 9i32] 10i8 }
-- input { 0i64 }
-- output { 0i64 7i32 60i32 [0i32, 1i32, 4i32, 9i32] 10i8 }
entry main (n: i64) =
  let (fib, _) = loop (a, b) = (0i64, 1i64) for _i < n do (b, a + b)
  let none = loop acc = 7i32 for _i < 0i64 do acc * 100
  let nested = loop s = 0 for i < 4 do loop s for j < 5 do s + i * j
  let squares = loop acc = replicate 4 0 for i < 4 do acc with [i] = i * i
  let small = loop acc = 0i8 for i < 5i8 do acc + i
  in (fib, none, nested, squares, small)
