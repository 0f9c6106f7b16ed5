-- A UTF-8 sequence cut short by the end of the file.
-- ==
-- error: 5:25: error: invalid UTF-8 byte 0xE2

entry main (x: i32) = x â‚