-- & | ^ on signed and unsigned integers, and ! as bitwise complement on integers
-- (as in Futhark) next to ! as negation on bool.
-- ==
-- input { [12i32, -1i32, -8i32, 0i32] [10i32, 255i32, 7i32, -1i32] [240u8, 15u8] [60u8, 255u8] }
-- output { [8i32, 255i32, 0i32, 0i32] [14i32, -1i32, -1i32, -1i32] [6i32, -256i32, -1i32, -1i32]
--          [48u8, 15u8] [252u8, 255u8] [204u8, 240u8]
--          [-13i32, 0i32, 7i32, -1i32] [15u8, 240u8] 18446744073709551615u64 false
--          -9223372036854775808i64 }
entry main [n] [m] (a: [n]i32) (b: [n]i32) (c: [m]u8) (d: [m]u8) =
  (map2 (&) a b, map2 (|) a b, map2 (^) a b,
   map2 (&) c d, map2 (|) c d, map2 (^) c d,
   map (\x -> !x) a, map (\x -> !x) c, !0u64, !true,
   i64.highest ^ -1)
