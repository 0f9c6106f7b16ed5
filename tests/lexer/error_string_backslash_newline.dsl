-- A backslash at the end of a line cannot escape the newline in a string literal.
-- ==
-- error: 5:8: error: invalid escape in string literal

import "lib/name\
