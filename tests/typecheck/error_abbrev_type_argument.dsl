-- A type abbreviation with a type parameter given a size argument.
-- ==
-- error: type 'pair' expects a type argument for 'a'

type pair 'a = (a, a)

def f (p: pair [3]) : i32 = 0

entry main (x: i32) : i32 = x
