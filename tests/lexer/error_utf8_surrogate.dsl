-- A UTF-16 surrogate (U+D800, 0xED 0xA0 0x80) is not UTF-8.
-- ==
-- error: 5:6: error: invalid UTF-8 byte 0xED

-- a í € b
entry main (x: i32) = x
