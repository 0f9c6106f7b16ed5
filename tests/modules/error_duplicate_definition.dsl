-- A name may be defined only once in a module or file (in each namespace).
-- ==
-- error: 'x' is defined twice in the same module or file
-- error: note: 'x' is first defined here
def x = 1i32
def x = 2i32
entry main (a: i32) : i32 = x + a
