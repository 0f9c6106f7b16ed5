-- Escapes are Futhark's (\\ \" \n \t \x41 ...); \q is not one.
-- ==
-- error: invalid escape '\\q' in string literal

import "lib\qmissing"
