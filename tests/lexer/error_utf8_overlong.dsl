-- An overlong encoding (0xC0 0x80 for NUL) is not UTF-8.
-- ==
-- error: 5:6: error: invalid UTF-8 byte 0xC0

-- a À€ b
entry main (x: i32) = x
