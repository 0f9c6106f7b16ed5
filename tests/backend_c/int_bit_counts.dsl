-- popc, clz and ctz (results are i32) on signed and unsigned types of every width,
-- including 0 and all-ones.
-- ==
-- input { [0i8, 1i8, -1i8, 64i8, -128i8] [0u64, 1u64, 18446744073709551615u64, 9223372036854775808u64, 40u64] }
-- output { [0i32, 1i32, 8i32, 1i32, 1i32] [8i32, 7i32, 0i32, 1i32, 0i32] [8i32, 0i32, 0i32, 6i32, 7i32]
--          [0i32, 1i32, 64i32, 1i32, 2i32] [64i32, 63i32, 0i32, 0i32, 58i32] [64i32, 0i32, 0i32, 63i32, 3i32]
--          16i32 15i32 4i32 32i32 31i32 0i32 }
entry main (xs: []i8) (us: []u64) =
  (map i8.popc xs, map i8.clz xs, map i8.ctz xs,
   map u64.popc us, map u64.clz us, map u64.ctz us,
   i16.popc (-1), u16.clz 1, i32.ctz 16, i32.clz 0, i64.popc i64.highest - 32, u32.ctz 1)
