-- A let without a value.
-- ==
-- error: unexpected 'in', expected expression

def main (x: i32) = let y = in x
