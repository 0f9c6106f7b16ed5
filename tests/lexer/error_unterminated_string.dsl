-- A string literal (an import path) must end on its line.
-- ==
-- error: unterminated string literal

import "lib/missing
