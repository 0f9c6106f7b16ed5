-- An import of a file that is nowhere on the search path.
-- ==
-- error: error_import_unknown\.dsl:5:8: error: cannot find the file imported as "lib/no_such_file"

import "lib/no_such_file"

entry main (x: i32) : i32 = x
