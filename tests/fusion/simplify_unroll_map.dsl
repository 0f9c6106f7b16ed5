-- Full unrolling of SOACs over arrays of a small constant size: a radix-4 butterfly
-- written over [4] arrays becomes straight-line scalar code. The map over iota 4 is
-- unrolled (its rows are the constants 0..3), butterfly is inlined into each copy, the
-- reads of its array literal at constant indices are its elements, and the literals
-- die: after simplification `main` holds no map, no loop, no apply and only the array
-- literals of its results (the map's and the scan's). The
-- reduce and scan over [4] rows become the sequential fold from the neutral element that
-- the C backend's loop does, so floats round the same (compared through to_bits).
-- Structure after simplification (dump --after simplify --structure): array 2
-- ==
-- structure { loop 0 map 0 }
-- input { [1f32, 2f32, 3f32, 4f32] }
-- output { [20.0f32, -8.0f32, -4.0f32, 0.0f32] 1092616192u32 [1065353216u32, 1077936128u32,
--          1086324736u32, 1092616192u32] }
-- input { [0.5f32, -1f32, 2f32, 0f32] }
-- output { [3.0f32, -5.0f32, 7.0f32, -1.0f32] 1069547520u32 [1056964608u32, 3204448256u32,
--          1069547520u32, 1069547520u32] }
-- input { [1e8f32, 1f32, -1e8f32, 1f32] }
-- output { [4.0f32, 400000000.0f32, -4.0f32, 400000000.0f32] 1065353216u32 [1287568416u32,
--          1287568416u32, 0u32, 1065353216u32] }
def butterfly (xs: [4]f32) : [4]f32 =
  let a = xs[0] + xs[2]
  let b = xs[0] - xs[2]
  let c = xs[1] + xs[3]
  let d = xs[1] - xs[3]
  in [a + c, b + d, a - c, b - d]

entry main (xs: [4]f32) =
  (map (\i -> (butterfly xs)[i] * 2) (iota 4), f32.to_bits (reduce (+) 0 xs),
   map f32.to_bits (scan (+) 0 xs))
