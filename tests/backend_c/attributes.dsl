-- The attributes #[unroll] on a loop and #[sequential] on a SOAC do not change what
-- the program computes.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { 30i32 10i32 [1i32, 3i32, 6i32, 10i32] }
entry main (xs: []i32) =
  (#[unroll] loop acc = 0 for i < 4 do acc + xs[i] * xs[i],
   #[sequential] reduce (+) 0 xs,
   #[sequential] scan (+) 0 xs)
