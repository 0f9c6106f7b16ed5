-- Identities that hold for integers do not hold for floats, and are not applied to
-- them: x * 0 is NaN for x = inf or NaN and -0 for negative x; x + 0 is +0 for x = -0;
-- x - x and x / x are NaN for x = inf; x == x is false for NaN. x * 1, x / 1 and
-- x / 2 = x * 0.5 (exact for every x) are applied. The results go through to_bits.
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion): map 9
-- ==
-- structure { loop 0 map 1 }
-- input { [1.5f32, -2f32, -0f32, f32.inf, f32.nan] }
-- output { [0u32, 2147483648u32, 2147483648u32, 4290772992u32, 2143289344u32]
--          [1069547520u32, 3221225472u32, 0u32, 2139095040u32, 2143289344u32]
--          [0u32, 0u32, 0u32, 4290772992u32, 2143289344u32]
--          [1065353216u32, 1065353216u32, 4290772992u32, 4290772992u32, 2143289344u32]
--          [true, true, true, true, false]
--          [1069547520u32, 3221225472u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [1069547520u32, 3221225472u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [1061158912u32, 3212836864u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [3217031168u32, 1073741824u32, 0u32, 4286578688u32, 2143289344u32] }
entry main (xs: []f32) =
  (map (\x -> f32.to_bits (x * 0)) xs,
   map (\x -> f32.to_bits (x + 0)) xs,
   map (\x -> f32.to_bits (x - x)) xs,
   map (\x -> f32.to_bits (x / x)) xs,
   map (\x -> x == x) xs,
   map (\x -> f32.to_bits (x * 1)) xs,
   map (\x -> f32.to_bits (x / 1)) xs,
   map (\x -> f32.to_bits (x / 2)) xs,
   map (\x -> f32.to_bits (0 - x)) xs)
