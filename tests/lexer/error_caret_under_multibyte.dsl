-- The caret line counts characters too: the string "λλ" (4 bytes, a [4]u8) is
-- underlined by 4 marks (^~~~), one per character, not one per byte.
-- ==
-- error: ^ +\| {27}\^~~~$
entry main (x: i32) = x + "λλ"
