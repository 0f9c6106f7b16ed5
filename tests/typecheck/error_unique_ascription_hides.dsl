-- A type ascription may not hide that a function consumes its argument.
-- ==
-- error: error_unique_ascription_hides\.dsl:7:28: error: this function consumes its argument, but the type it is given says it does not

def first (xs: *[]f32) : f32 = let xs[1] = 0 in xs[0]

def peek : [3]f32 -> f32 = first

entry main (xs: [3]f32) : f32 = peek xs + xs[1]
