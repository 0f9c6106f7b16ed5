-- Division and modulo by a power of two: signed / and % round toward negative infinity,
-- so x / 2^k is the arithmetic shift x >> k and x % 2^k is x & (2^k - 1) for every x,
-- negative ones included; on unsigned types likewise. // and %% (toward zero) become
-- shifts and masks only where x is known not to be negative (here the rows of iota),
-- and stay otherwise. Consecutive shifts by constants combine. After simplification
-- `main` has no / or % (only >> and &), and its // and %% stay.
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion): iota 1, map 11
-- ==
-- structure { loop 0 map 3 }
-- input { [-9i32, -8i32, -1i32, 0i32, 7i32, 2147483647i32, -2147483648i32]
--         [250u8, 3u8] }
-- output { [-3i32, -2i32, -1i32, 0i32, 1i32, 536870911i32, -536870912i32] [3i32, 0i32, 3i32,
--          0i32, 3i32, 3i32, 0i32] [-2i32, -2i32, 0i32, 0i32, 1i32, 536870911i32,
--          -536870912i32] [-1i32, 0i32, -1i32, 0i32, 3i32, 3i32, 0i32] [-1i32, -1i32, -1i32,
--          0i32, 0i32, 1i32, -2i32] [-1i32, -1i32, -1i32, 0i32, 0i32, 67108863i32,
--          -67108864i32] [-288i32, -256i32, -32i32, 0i32, 224i32, -32i32, 0i32] [15u8, 0u8]
--          [10u8, 3u8] [125u8, 1u8] }
-- entry: nonneg
-- input { 10i64 }
-- output { [0i64, 100i64, 200i64, 300i64, 400i64, 500i64, 600i64, 700i64, 1i64, 101i64] }
entry main (xs: []i32) (us: []u8) =
  (map (\x -> x / 4) xs, map (\x -> x % 4) xs, map (\x -> x // 4) xs, map (\x -> x %% 4) xs,
   map (\x -> x / 1073741824) xs, map (\x -> x / 8 / 4) xs, map (\x -> (x << 3) << 2) xs,
   map (\u -> u / 16) us, map (\u -> u % 16) us, map (\u -> u // 2) us)

entry nonneg (n: i64) =
  tabulate n (\i -> i // 8 + i %% 8 * 100)
