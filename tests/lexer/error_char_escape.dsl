-- A character literal holds one character or one escape.
-- ==
-- error: 5:20: error: invalid character literal '\\q'$

entry main : i32 = '\q'
