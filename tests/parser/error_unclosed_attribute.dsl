-- Unclosed attribute.
-- ==
-- error: unexpected 'def', expected '\]'

#[unroll
def main (x: i32) = x
