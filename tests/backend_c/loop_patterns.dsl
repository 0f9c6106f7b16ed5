-- Loop patterns: `for (x, y) in zip xs ys` destructures tuples, a loop parameter with
-- a size-typed ascription, and a record pattern {a, b} as the loop state.
-- ==
-- input { [1i32, 2i32] [0.5f32, 2f32] }
-- output { 4.5f32 [2i32, 3i32] 2i32 3i32 }
entry main [n] (xs: [n]i32) (ys: [n]f32) =
  let {a, b} = loop {a, b} = {a = 0i32, b = 1i32} for _i < 3 do {a = b, b = a + b}
  in (loop acc = 0f32 for (x, y) in zip xs ys do acc + f32.i32 x * y,
      loop (acc: [n]i32) = xs for i < 2 do map (+ i32.i64 i) acc,
      a, b)
