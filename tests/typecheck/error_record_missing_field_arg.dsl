-- A lambda that projects .b applied to a record without field b.
-- ==
-- error: \{a: i32\} has no field 'b'

entry main (x: i32) : i32 = (\p -> p.b) {a = x}
