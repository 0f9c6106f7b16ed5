-- zip .. zip5 and unzip .. unzip5 round-trip arrays of mixed element types.
-- ==
-- input { [1i32, 2i32] [true, false] [0.5f64, 1.5f64] [7u8, 8u8] [-1i64, -2i64] }
-- output { [2i32, 1i32] [false, true] [1.5f64, 0.5f64] [8u8, 7u8] [-2i64, -1i64]
--          [1i32, 2i32] [true, false] [0.5f64, 1.5f64] [7u8, 8u8] [-1i64, -2i64]
--          3i32 4i32 }
entry main [n] (a: [n]i32) (b: [n]bool) (c: [n]f64) (d: [n]u8) (e: [n]i64)
    : ([n]i32, [n]bool, [n]f64, [n]u8, [n]i64, [n]i32, [n]bool, [n]f64, [n]u8, [n]i64, i32, i32) =
  let (a2, b2) = unzip (reverse (zip a b))
  let (_, _, c2) = unzip3 (reverse (zip3 a b c))
  let (_, _, _, d2) = unzip4 (reverse (zip4 a b c d))
  let (a5, b5, c5, d5, e5) = unzip5 (zip5 a b c d e)
  let e2 = map (.4) (reverse (zip5 a b c d e))
  let s3 = reduce (+) 0 (map (\(x, _, _) -> x) (zip3 a b c))
  let s4 = reduce (+) 0 (map (\(x, _, _, y) -> x + i32.u8 y - 7) (zip4 a b c d))
  in (a2, b2, c2, d2, e2, a5, b5, c5, d5, e5, s3, s4)
