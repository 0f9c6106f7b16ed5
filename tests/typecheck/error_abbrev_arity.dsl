-- A type abbreviation with a parameter used without an argument.
-- ==
-- error: type 'pair' takes 1 argument, but is given 0

type pair 'a = (a, a)

def f (p: pair) : i32 = 0

entry main (x: i32) : i32 = x
