-- The pipes are operators like any other, so they have sections.
-- ==
-- input { [1, 2] } output { [2, 3] [3, 4] }
entry main (xs: []i32) : ([]i32, []i32) = ((|>) xs (map (+1)), (<|) (map (+2)) xs)
