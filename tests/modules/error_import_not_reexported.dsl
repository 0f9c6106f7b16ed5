-- What a file imports is not exported from it: reexport_b sees a, its importers do not.
-- ==
-- error: unknown name 'a'
import "lib/reexport_b"
entry main (x: i32) : i32 = a + b
