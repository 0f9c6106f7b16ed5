-- The new value of let a[i] = v must have the element type.
-- ==
-- error: the new value does not fit the update: expected i32, found f32

entry main (n: i64) : []i32 =
  let a = replicate n 0i32
  let a[0] = 1.5f32
  in a
