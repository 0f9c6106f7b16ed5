-- An infix operator that nothing defines.
-- ==
-- error: unknown operator '\+\+\+'

entry main (x: i32) : i32 = x +++ x
