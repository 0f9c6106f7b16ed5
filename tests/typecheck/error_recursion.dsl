-- A definition that calls itself: recursion is not supported, and a note shows the definition.
-- ==
-- error: error_recursion\.dsl:6:53: error: 'fact' refers to itself: recursion is not supported
-- error: error_recursion\.dsl:6:5: note: 'fact' is being defined here

def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)

entry main (n: i32) : i32 = fact n
