-- An unknown type or size in a message is named after the parameter it stands for
-- (unflatten's n, m and t), never by the checker's own numbering (?269, 'i10).
-- ==
-- error: expected \[n\*m\]t, found <integer literal>

entry main (xs: []i32) : [][]i32 = unflatten 2 xs
