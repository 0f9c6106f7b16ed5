-- Only the escapes \\ \" \n \t and \' are known in string literals.
-- ==
-- error: invalid escape '\\q' in string literal

import "lib\qmissing"
