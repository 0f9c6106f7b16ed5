-- An abbreviation that hides a size must be declared type~.
-- ==
-- error: type 'vec' hides a size .*declare it with type~
type vec = []i32
entry main (xs: vec) : i32 = i32.sum xs
