-- Identities that hold for integers do not hold for floats, and are not applied to
-- them: x * 0 is NaN for x = inf or NaN and -0 for negative x; x + 0 is +0 for x = -0;
-- x - x and x / x are NaN for x = inf; x == x is false for NaN. x * 1, x / 1 and
-- x / 2 = x * 0.5 (exact for every x) are applied. The results go through to_bits,
-- with every NaN as the quiet NaN 0x7fc00000: the sign and payload of a NaN that an
-- operation makes differ between machines (x86 makes 0xffc00000, NVIDIA GPUs 0x7fffffff).
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion): map 9
-- ==
-- structure { loop 0 map 1 }
-- input { [1.5f32, -2f32, -0f32, f32.inf, f32.nan] }
-- output { [0u32, 2147483648u32, 2147483648u32, 2143289344u32, 2143289344u32]
--          [1069547520u32, 3221225472u32, 0u32, 2139095040u32, 2143289344u32]
--          [0u32, 0u32, 0u32, 2143289344u32, 2143289344u32]
--          [1065353216u32, 1065353216u32, 2143289344u32, 2143289344u32, 2143289344u32]
--          [true, true, true, true, false]
--          [1069547520u32, 3221225472u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [1069547520u32, 3221225472u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [1061158912u32, 3212836864u32, 2147483648u32, 2139095040u32, 2143289344u32]
--          [3217031168u32, 1073741824u32, 0u32, 4286578688u32, 2143289344u32] }
def bits (x: f32) : u32 = if f32.isnan x then 0x7fc00000 else f32.to_bits x

entry main (xs: []f32) =
  (map (\x -> bits (x * 0)) xs,
   map (\x -> bits (x + 0)) xs,
   map (\x -> bits (x - x)) xs,
   map (\x -> bits (x / x)) xs,
   map (\x -> x == x) xs,
   map (\x -> bits (x * 1)) xs,
   map (\x -> bits (x / 1)) xs,
   map (\x -> bits (x / 2)) xs,
   map (\x -> bits (0 - x)) xs)
