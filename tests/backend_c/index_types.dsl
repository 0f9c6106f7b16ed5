-- Indices of any integer type (as in Futhark, converted to i64): in indexing, slices,
-- multi-dimensional indices, in-place updates and let-updates. u8 200 and u32
-- 3000000000 are read as unsigned.
-- ==
-- entry: main
-- input { [10i32, 20i32, 30i32, 40i32] 1i32 3u8 [[1i32, 2i32], [3i32, 4i32]] 1i16 0u64 }
-- output { 20i32 [20i32, 30i32] 40i32 3i32 [10i32, 7i32, 30i32, 9i32] [[1i32, 2i32], [3i32, 8i32]] 30i32 }
-- entry: unsigned
-- input { [1i32, 2i32] 200u8 3000000000u32 } output { true }

entry main (xs: []i32) (i: i32) (j: u8) (m: [][]i32) (k: i16) (z: u64) =
  let a = xs[i]
  let s = xs[i:i32.i64 (length xs) - 1]
  let b = xs[j]
  let c = m[k, z]
  let ys = copy xs with [i] = 7
  let ys[j] = 9
  let m2 = copy m with [k, k] = 8
  let d = (map (\(t: i8) -> xs[t]) [2i8])[0]
  in (a, s, b, c, ys, m2, d)

entry unsigned (xs: []i32) (a: u8) (b: u32) : bool =
  let n = length xs
  in i64.u8 a >= n && i64.u32 b >= n && xs[a % 2] == 1 && xs[b % 2] == 1
