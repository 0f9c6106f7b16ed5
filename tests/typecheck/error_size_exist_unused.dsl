-- An existential size must be the size of an array, or nothing determines it.
-- ==
-- error: error_size_exist_unused\.dsl:5:25: error: existential size 'k' is not the size of an array outside function types

def positive (x: i32) : ?[k].bool = x > 0

entry main (x: i32) : bool = positive x
