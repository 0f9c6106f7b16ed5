-- A string literal must be valid UTF-8 too.
-- ==
-- error: 5:8: error: invalid UTF-8 byte 0xFE

import "libþ"
entry main (x: i32) = x
