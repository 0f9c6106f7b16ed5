-- `!` is only a prefix operator.
-- ==
-- error: '!' is a prefix operator and cannot be used as an infix operator

def (!) (a: bool) (b: bool) = a && b
