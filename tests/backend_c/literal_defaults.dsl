-- Unsuffixed literals take their type from their use, and default to i32 and f64 when
-- nothing decides it (as in Futhark): results show the types chosen.
-- ==
-- input { 1u16 }
-- output { 5i32 2.5f64 8i64 3u16 [1i32, 2i32] [1.5f32] 2147483647i32 }
entry main (x: u16) =
  let a = 5
  let b = 2.5
  let c = 5 + 3i64
  let d = x + 2
  let e = [1, 2]
  let f : []f32 = [1.5]
  in (a, b, c, d, e, f, 2147483647)
