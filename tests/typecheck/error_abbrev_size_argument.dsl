-- A type abbreviation with a size parameter given a type argument.
-- ==
-- error: type 'vec' expects a size argument \[n\] for 'n'

type vec [n] = [n]f32

def f (v: vec f32) : f32 = v[0]

entry main (x: i32) : i32 = x
