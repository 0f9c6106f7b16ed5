-- Nor can one be defined infix.
-- ==
-- error: cannot define a qualified operator 'M\.N\.<='

def a M.N.<= b = a
