-- get_bit takes the bit number as an i32 first, then the value.
-- ==
-- error: expected i32, found i64

entry main (x: i64) : i32 = i64.get_bit x 3
