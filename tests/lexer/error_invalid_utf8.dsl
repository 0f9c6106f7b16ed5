-- A byte that is not valid UTF-8 is reported with its value.
-- ==
-- error: 5:25: error: invalid UTF-8 byte 0xFF

entry main (x: i32) = x ÿ 1
