-- A character that starts no token is an error at its location.
-- ==
-- error: 5:25: error: unexpected character '\$'

entry main (x: i32) = x $ 1
