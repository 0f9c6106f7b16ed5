-- A code point past U+10FFFF (0xF4 0x90 0x80 0x80) is not UTF-8.
-- ==
-- error: 5:6: error: invalid UTF-8 byte 0xF4

-- a ô€€ b
entry main (x: i32) = x
