-- sum, product, maximum and minimum of the numeric modules, and their results on
-- empty arrays (0, 1, lowest and highest: the infinities for floats).
-- ==
-- input { [3i32, -7i32, 2i32] [2.5f32, -1f32, 4f32] [200u8, 100u8, 7u8] }
-- output { -2i32 -42i32 3i32 -7i32 5.5f32 -10f32 4f32 -1f32 51u8 224u8 200u8 7u8 }
-- input { empty([0]i32) empty([0]f32) empty([0]u8) }
-- output { 0i32 1i32 -2147483648i32 2147483647i32 0f32 1f32 -f32.inf f32.inf 0u8 1u8 0u8 255u8 }
entry main (xs: []i32) (ys: []f32) (us: []u8) =
  (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs,
   f32.sum ys, f32.product ys, f32.maximum ys, f32.minimum ys,
   u8.sum us, u8.product us, u8.maximum us, u8.minimum us)
