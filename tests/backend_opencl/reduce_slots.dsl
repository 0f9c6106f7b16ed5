-- Reductions whose results come back in the error buffer's 8 result slots (Note [last
-- group] in src/backend_opencl/cl_reduce.c), and one with 9 accumulators, more than
-- the slots, whose results go to buffers of their own; each over 0, 1, 7 and 5000
-- elements (up to 20 work-groups, the last of which combines the others' results), of
-- mixed types (i32, i64, bool, u8). `eight` has an operator that does not commute (the
-- last element divisible by 97), so its groups reduce their parts in order.
-- ==
-- entry: nine
-- input { 0i64 }
-- output { 0i32 2147483647i32 -2147483648i32 0i64 0i64 true false 0i32 0u8 }
-- input { 1i64 }
-- output { -1000i32 -1000i32 -1000i32 1000000i64 0i64 true false 0i32 0u8 }
-- input { 7i64 }
-- output { 3065i32 -1000i32 910i32 3905395i64 6i64 true false 25i32 3u8 }
-- input { 5000i64 }
-- output { 6789i32 -1000i32 1002i32 1673219045i64 2501i64 true true 17477i32 193u8 }
-- entry: eight
-- input { 0i64 }
-- output { 0i32 2147483647i32 -2147483648i32 0i64 0i64 true false 0i32 }
-- input { 1i64 }
-- output { -1000i32 -1000i32 -1000i32 1000000i64 0i64 true false 0i32 }
-- input { 7i64 }
-- output { 3065i32 -1000i32 910i32 3905395i64 6i64 true false 0i32 }
-- input { 5000i64 }
-- output { 6789i32 -1000i32 1002i32 1673219045i64 2501i64 true true -388i32 }
-- structure kernels { global 2 group 0 host 0 }

def vals (n: i64) : [n]i32 = map (\i -> i32.i64 ((i * 7919) % 2003) - 1000) (iota n)

entry nine (n: i64) : (i32, i32, i32, i64, i64, bool, bool, i32, u8) =
  let xs = vals n
  in reduce (\(a0, a1, a2, a3, a4, a5, a6, a7, a8) (b0, b1, b2, b3, b4, b5, b6, b7, b8) ->
               (a0 + b0, i32.min a1 b1, i32.max a2 b2, a3 + b3, a4 + b4, a5 && b5, a6 || b6,
                a7 + b7, a8 + b8))
            (0, i32.highest, i32.lowest, 0, 0, true, false, 0, 0)
            (map (\x -> (x, x, x, i64.i32 x * i64.i32 x, if x > 0 then 1 else 0, x > -1001,
                         x == 999, x & 7, u8.i32 (x & 1)))
                 xs)

entry eight (n: i64) : (i32, i32, i32, i64, i64, bool, bool, i32) =
  let xs = vals n
  in reduce (\(a0, a1, a2, a3, a4, a5, a6, a7) (b0, b1, b2, b3, b4, b5, b6, b7) ->
               (a0 + b0, i32.min a1 b1, i32.max a2 b2, a3 + b3, a4 + b4, a5 && b5, a6 || b6,
                if b7 != 0 then b7 else a7))
            (0, i32.highest, i32.lowest, 0, 0, true, false, 0)
            (map (\x -> (x, x, x, i64.i32 x * i64.i32 x, if x > 0 then 1 else 0, x > -1001,
                         x == 999, if x % 97 == 0 then x else 0))
                 xs)
