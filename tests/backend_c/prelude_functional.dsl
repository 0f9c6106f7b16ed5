-- The prelude's iterate, iterate_while and iterate_until (which may apply the function
-- no times), not, trace and break (identities in Prism), r32/t32/r64/t64, concat_to
-- and flatten_to (sizes checked at run time).
-- ==
-- input { 3i32 [1i32, 2i32] }
-- output { 8i32 243i32 243i32 1i32 1i32 [false, true] 3.0f32 -2i32 3.0f64 2i32
--          [1i32, 2i32, 1i32, 2i32] [1i32, 2i32, 1i32, 2i32] }
-- input { 0i32 [5i32, 6i32] }
-- output { 1i32 243i32 243i32 1i32 1i32 [false, true] 0.0f32 -2i32 0.0f64 2i32
--          [5i32, 6i32, 5i32, 6i32] [5i32, 6i32, 5i32, 6i32] }
-- input { -1i32 [1i32, 2i32, 3i32] }
-- error: cannot match shape|size

entry main (k: i32) (xs: []i32) =
  (iterate k (* 2) 1, iterate_while (< 100) (* 3) 1, iterate_until (> 100) (* 3) 1,
   iterate_while (< 0) (+ 1) 1, iterate_until (> 0) (+ 1) 1,
   map not [true, false], r32 k, t32 (-2.7), r64 k, t64 (trace (break 2.9)),
   concat_to 4 xs xs, flatten_to 4 [xs, xs])
