-- A qualified operator cannot be defined: M.+ names the + of module M.
-- ==
-- error: cannot define a qualified operator 'M\.\+'

def (M.+) (a: i32) (b: i32) : i32 = a + b
