-- The operator members of the numeric modules: infix (a i64./ b), as functions
-- ((i32.+)), and as left and right sections ((10 i32.-), (i32.- 10)), with each
-- type's own semantics (floor division on i64, unsigned comparison on u8).
-- ==
-- input { [7i32, -3i32, 5i32] }
-- output { 9i32 -105i32 [true, false] -2i64 -1i64 -1i64 256f64
--          [false, true, true, true, false, false] [1i32, 0i32, 6i32] [3i32, 0i32, 3i32]
--          [2i32, -2i32, 6i32] 1u8 0.25f32 -1i8 15u16 true 7i32 -7i32 -3i64 }
entry main (xs: []i32) =
  (reduce (i32.+) 0 xs, reduce (i32.*) 1 xs,
   map2 (u8.<) [1u8, 200u8] [255u8, 100u8],
   -7 i64./ 4, -7 i64.// 4, -7 i64.%% 2, 2 f64.** 8,
   [3 i32.== 4, 3 i32.!= 4, 3 i32.< 4, 3 i32.<= 3, 3 i32.> 4, 3 i32.>= 4],
   map (i32.& 7) [9, 8, 14], map (i32.% 4) [-5, 8, 7],
   map (i32.<< 2) [1, -1, 3] |> map (i32.>> 1),
   (u8.^) 3 2, (f32./) 1 4, (i8.%%) (-7) 2, (u16.|) 12 3, (i64.>=) 2 2,
   (10 i32.-) 3, (i32.- 10) 3, (i64.-) 1 4)
