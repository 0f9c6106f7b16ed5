-- for loops whose bound has a small or unsigned type: i8 up to 127, u8 up to 200 (above
-- the i8 range), u64 counting, and a negative i8 bound (no iterations).
-- ==
-- input { 127i8 200u8 -5i8 }
-- output { 8001i32 200i32 19900i64 0i32 126i8 }
entry main (a: i8) (b: u8) (c: i8) =
  (loop acc = 0i32 for i < a do acc + i32.i8 i,
   loop acc = 0i32 for _i < b do acc + 1,
   loop acc = 0i64 for i < u64.u8 b do acc + i64.u64 i,
   loop acc = 0i32 for _i < c do acc + 1,
   loop last = 0i8 for i < a do i)
