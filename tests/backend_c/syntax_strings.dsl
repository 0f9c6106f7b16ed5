-- String literals are arrays of u8 (their UTF-8 bytes) and character literals are
-- integer literals of their code points, typed by their use, as in Futhark.
-- ==
-- entry: bytes
-- input { } output { [104u8, 195u8, 169u8, 10u8] 0i64 [9u8, 34u8, 92u8, 39u8, 65u8, 65u8, 206u8, 187u8, 13u8] }
-- entry: chars
-- input { } output { 97i32 955u32 10u8 [39i64, 0i64, 65i64] }
-- entry: count
-- input { [104u8, 105u8, 33u8] } output { 2i64 }
-- entry: sized
-- input { } output { [3u8, 2u8, 1u8] }

entry bytes = ("hé\n", length "", "\t\"\\'\x41\65\955\r")

entry chars = ('a', 'λ' : u32, '\n' : u8, ['\'', '\0', '\x41'] : []i64)

-- Bytes compare with character literals, whose type the comparison fixes.
entry count (s: []u8) = length (filter (\c -> c >= 'a' && c <= 'z') s)

entry sized : [3]u8 = map (\c -> c - 'a' + 1) "cba"
