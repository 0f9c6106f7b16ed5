-- Array literals of every kind, whose constant elements the backends emit as static
-- data (Note [literals as static data] in src/backend_c/emit_exp.c) and whose rows
-- become one literal (Note [literals of constant rows] in src/fusion/simplify.c):
-- extreme and negative integers, floats with infinities, NaN and -0, booleans, two and
-- three dimensions, elements that are not constants, rows that are not literals (and
-- must still agree in size), and a table read at run-time indices inside a map.
-- ==
-- entry: scalars
-- input { 5i32 }
-- output { [-128i8, 127i8, -1i8, 0i8, 5i8] [255u8, 0u8, 7u8]
--          [-9223372036854775808i64, 9223372036854775807i64, -42i64]
--          [18446744073709551615u64, 1u64]
--          [f32.inf, -f32.inf, f32.nan, -0.0f32, 1.5e-30f32, -3.25f32, 5.0f32]
--          [2.2250738585072014e-308f64, -1.0e300f64, f64.nan, 0.1f64]
--          [true, false, false, true, true] }
-- entry: nested
-- input { 7i32 }
-- output { [[1i32, -2i32, 3i32], [-4i32, 7i32, 6i32]]
--          [[[1.5f64, -2.5f64], [f64.inf, 4.0f64]], [[5.0f64, 6.0f64], [7.0f64, -0.0f64]]]
--          [[true, false], [false, true]]
--          22i32 }
-- entry: rows
-- input { [1i32, 2i32] } output { [[1i32, 2i32], [3i32, 1i32], [5i32, 6i32]] }
-- input { [1i32, 2i32, 3i32] } error: literal_data\.dsl:44:3: error: array literal: rows differ
-- entry: table
-- input { [0i64, 19i64, 7i64, 12i64] } output { [3i32, -1i32, 17i32, -4i32] }
-- input { [20i64] } error: index \[20\] out of bounds

entry scalars (x: i32) =
  ([-128, 127, -1, 0, i8.i32 x] : []i8, [255, 0, 7] : []u8,
   [-9223372036854775808, 9223372036854775807, -42] : []i64,
   [18446744073709551615, 1] : []u64,
   [f32.inf, -f32.inf, f32.nan, -0.0, 1.5e-30, -3.25, f32.i32 x],
   [2.2250738585072014e-308, -1.0e300, f64.nan, 0.1] : []f64,
   [true, false, x < 0, x > 0, true])

entry nested (x: i32) =
  let m = [[1, -2, 3], [-4, x, 6]]
  let c = [[[1.5, -2.5], [f64.inf, 4.0]], [[5.0, 6.0], [7.0, -0.0]]]
  let b = [[true, false], [false, x > 0 || x < 0]]
  in (m, c, b, m[1, 1] + m[0, 2] * 4 + [[10, 20], [30, 40]][0][0] - 7)

entry rows [n] (xs: [n]i32) : [][n]i32 =
  [xs, [3, xs[0]], [5, 6]] :> [][n]i32

entry table (is: []i64) : []i32 =
  let t = [3, 8, -2, 5, 0, 9, 1, 17, 4, 4, -6, 2, -4, 11, 7, 0, 13, 6, 2, -1]
  in map (\i -> t[i]) is
