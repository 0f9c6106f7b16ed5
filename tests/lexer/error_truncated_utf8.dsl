-- A UTF-8 sequence cut short is an error at its first byte.
-- ==
-- error: invalid UTF-8 byte 0xC3

-- caf√e
entry main (x: i32) = x
