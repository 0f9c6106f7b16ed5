-- The caret line counts characters too: the string "λλ" is underlined by 4 marks
-- (^~~~), one per character, not one per byte.
-- ==
-- error: ^ +\| {31}\^~~~$
entry main (x: i32) = let s = "λλ" in x
