-- id, const, flip, curry and uncurry from the prelude.
-- ==
-- input { 10i32 3i32 }
-- output { 10i32 10i32 -7i32 103i32 7i32 [10i32, 10i32] [7i32, -7i32] }
entry main (a: i32) (b: i32) =
  (id a, const a true, flip (-) a b, curry (\(x, y) -> x * 10 + y) a b,
   uncurry (-) (a, b), map (const a) [1i64, 2i64], map (uncurry (-)) [(a, b), (b, a)])
