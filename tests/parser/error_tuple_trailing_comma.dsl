-- A tuple needs two elements; (x,) is not one.
-- ==
-- error: unexpected '\)', expected expression

def main (x: i32) = (x,)
