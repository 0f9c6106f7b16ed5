-- Control characters other than whitespace are errors.
-- ==
-- error: unexpected control character 0x01

entry main (x: i32) = x  1
