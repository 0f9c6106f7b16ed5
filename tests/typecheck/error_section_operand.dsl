-- The operand of a section must fit the operator: + is not defined on bool.
-- ==
-- error: operand of the section: expected .*, found bool \(bool is not a numeric type\)

entry main (xs: []i32) : []i32 = map (+ true) xs
