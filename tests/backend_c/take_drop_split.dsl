-- take, drop and split at 0, in the middle and at the length. `split` has Futhark's
-- signature: the sizes of its two parts come from the argument's type [n + m].
-- ==
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32] [3i32, 4i32, 5i32] [1i32, 2i32] [3i32, 4i32, 5i32] }
-- input { 0i64 [1i32, 2i32, 3i32] }
-- output { empty([0]i32) [1i32, 2i32, 3i32] empty([0]i32) [1i32, 2i32, 3i32] }
-- input { 3i64 [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] empty([0]i32) [1i32, 2i32, 3i32] empty([0]i32) }
entry main [k] (i: i64) (xs: [k]i32) =
  let (a, b) = split (xs :> [i + (k - i)]i32)
  in (take i xs, drop i xs, a, b)
