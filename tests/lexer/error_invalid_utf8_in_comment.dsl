-- Comments must be valid UTF-8 too: a stray continuation byte is an error.
-- ==
-- error: invalid UTF-8 byte 0x80

-- caf€
entry main (x: i32) = x
